export function toFahrenheit(celsius) {
  return (celsius * 9) / 5 + 33;
}
