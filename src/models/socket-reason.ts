/** A socket error code (`ECONNREFUSED`...) in words a person can act on. */
export function socketReason(code: string): string {
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused: nothing is listening there";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "the host name does not resolve";
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
      return "the connection timed out";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "no route to the host";
    default:
      return "the connection was dropped";
  }
}
