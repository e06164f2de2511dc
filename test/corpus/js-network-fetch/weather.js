export async function temperature(city) {
  const response = await fetch(`https://weather.example/${city}`);
  return (await response.json()).temp;
}
