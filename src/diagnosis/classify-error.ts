import type { ErrorType } from "../shared/check-result.js";
import type { Language } from "../shared/language.js";
import type { RawError } from "./raw-failure.js";

const PYTHON_TYPES: Record<string, ErrorType> = {
  SyntaxError: "syntax",
  IndentationError: "syntax",
  TabError: "syntax",
  NameError: "name",
  UnboundLocalError: "name",
  TypeError: "type",
  AttributeError: "attribute",
  IndexError: "index",
  KeyError: "key",
  ModuleNotFoundError: "dependency",
  AssertionError: "assertion",
  RecursionError: "recursion",
  MemoryError: "memory",
  TimeoutError: "timeout",
  ConnectionError: "network",
  ConnectionRefusedError: "network",
  ConnectionResetError: "network",
  "socket.gaierror": "network",
  gaierror: "network",
  URLError: "network",
};

/**
 * The error class of a runtime error, by rules on the exception type and message.
 * Returns `runtime` when no rule decides (ValueError, ZeroDivisionError, custom errors).
 */
export function classifyError(language: Language, error: RawError): ErrorType {
  if (error.timedOut) return "timeout";
  return language === "python" ? classifyPython(error) : classifyJavaScript(error);
}

function classifyPython(error: RawError): ErrorType {
  if (error.type === "ImportError") {
    // `from m import name` where m lacks `name` is a missing name, not a missing package.
    return /^cannot import name /.test(error.message) ? "name" : "dependency";
  }
  return PYTHON_TYPES[error.type] ?? "runtime";
}

function classifyJavaScript(error: RawError): ErrorType {
  const { type, message } = error;
  if (type === "SyntaxError") {
    if (/does not provide an export named/.test(message)) return "name";
    // JSON.parse throws SyntaxError at run time: bad data, not bad code.
    return /JSON/.test(message) ? "runtime" : "syntax";
  }
  if (type === "ReferenceError") return "name";
  if (type === "AssertionError") return "assertion";
  if (type === "RangeError" && /Maximum call stack size exceeded/.test(message)) return "recursion";
  if (/heap out of memory|Invalid array length|Array buffer allocation failed|Invalid string length/.test(message)) {
    return "memory";
  }
  if (/ERR_MODULE_NOT_FOUND|Cannot find (?:module|package)/.test(`${type} ${message}`)) return "dependency";
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|fetch failed/.test(message)) return "network";
  if (type === "TypeError") {
    // `obj.missing()` and `obj.missing.x` are attribute errors in the Python sense.
    if (/\.\w+ is not a function|Cannot read properties of (?:undefined|null) \(reading/.test(message)) {
      return "attribute";
    }
    return "type";
  }
  return "runtime";
}
