export function shout(message) {
  return message.toLowerCase() + "!";
}
