// @ts-check
// Where a text stops being JSON, said the same way in every browser. JSON.parse's own message is
// the engine's ("Unexpected token } in JSON at position 42" in Chrome, "JSON.parse: expected ','
// or '}' after property value … at line 3 column 5" in Firefox, "JSON Parse error: …" in Safari),
// so a player would see another text in each browser and none of them plain. This follows the
// grammar of RFC 8259 (the one JSON.parse reads) to the first character that breaks it, and
// says which line and column that is, and in plain words what was expected there.
// Plain functions, no DOM (tests/js/json-problem.test.mjs checks it against JSON.parse).

/**
 * The first place a text breaks JSON: its 1-based line and column (in characters as an editor
 * counts them: a tab, an emoji each count one), and what was wrong there. `end`: the text stopped before the JSON was complete (a file
 * cut short), or was empty.
 * @typedef {{line: number, column: number, expected: string, end: boolean}} JsonProblem
 */

const SPACE = new Set([" ", "\t", "\n", "\r"]);
const DIGIT = /[0-9]/;
const HEX = /[0-9a-fA-F]/;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t", "u"]);

/** Thrown inside the scan to stop at the first fault. */
class Stop {
  /** @param {number} at @param {string} expected */
  constructor(at, expected) {
    this.at = at;
    this.expected = expected;
  }
}

/**
 * Where `text` stops being JSON, or null when JSON.parse reads it.
 * @param {string} text @returns {JsonProblem | null}
 */
export function jsonProblem(text) {
  let i = 0;
  /** @param {string} expected @returns {never} */
  const stop = (expected) => {
    throw new Stop(i, expected);
  };
  const skipSpace = () => {
    while (i < text.length && SPACE.has(text[i])) i++;
  };
  /** @param {string} word */
  const literal = (word) => {
    for (const ch of word) {
      if (text[i] !== ch) stop(`“${word}”`);
      i++;
    }
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) stop("a closing quote “\"”");
      const ch = text[i];
      if (ch === '"') {
        i++;
        return;
      }
      if (ch === "\\") {
        i++;
        if (!ESCAPES.has(text[i])) stop("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits)");
        if (text[i] === "u") {
          for (let k = 0; k < 4; k++) {
            i++;
            if (!HEX.test(text[i] ?? "")) stop("four hex digits after \\u");
          }
        }
        i++;
      } else if (ch < " ") {
        stop("no line break or control character inside a text (write \\n)");
      } else {
        i++;
      }
    }
  };
  const digits = () => {
    if (!DIGIT.test(text[i] ?? "")) stop("a digit");
    while (DIGIT.test(text[i] ?? "")) i++;
  };
  const number = () => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else digits();
    if (text[i] === ".") {
      i++;
      digits();
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      digits();
    }
  };
  const name = () => {
    skipSpace();
    if (text[i] !== '"') stop("a name in quotes");
    string();
    skipSpace();
    if (text[i] !== ":") stop("a colon “:”");
    i++;
  };
  // A loop with its own stack of the open "{" and "[", not recursion: a file nested deeper than
  // the call stack (JSON.parse reads those) must not end in a RangeError.
  const scan = () => {
    /** @type {string[]} */
    const open = [];
    for (;;) {
      // a value
      skipSpace();
      const ch = text[i];
      let opened = false;
      if (ch === "{" || ch === "[") {
        i++;
        skipSpace();
        if (text[i] === (ch === "{" ? "}" : "]")) i++;
        else {
          open.push(ch);
          if (ch === "{") name();
          opened = true;
        }
      } else if (ch === '"') string();
      else if (ch === "t") literal("true");
      else if (ch === "f") literal("false");
      else if (ch === "n") literal("null");
      else if (ch === "-" || DIGIT.test(ch ?? "")) number();
      else stop("a value (a text in quotes, a number, true, false, null, [ or {)");
      if (opened) continue;
      // after a value: the next one in its list or object, or their ends
      for (;;) {
        const top = open.at(-1);
        if (top === undefined) return;
        skipSpace();
        const close = top === "{" ? "}" : "]";
        if (text[i] === ",") {
          i++;
          if (top === "{") name();
          break;
        }
        if (text[i] !== close) stop(`a comma “,” or “${close}”`);
        i++;
        open.pop();
      }
    }
  };
  try {
    scan();
    skipSpace();
    if (i < text.length) stop("nothing more after the end of the data");
    return null;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { ...place(text, error.at), expected: error.expected, end: error.at >= text.length };
  }
}

/**
 * The 1-based line and column of a UTF-16 offset (\n, \r\n and \r end a line). The column
 * counts characters as an editor shows them: an emoji or other character beyond the BMP (two
 * UTF-16 units) is one. @param {string} text @param {number} at
 */
export function place(text, at) {
  let line = 1;
  let start = 0;
  for (let k = 0; k < at && k < text.length; k++) {
    if (text[k] === "\n" || (text[k] === "\r" && text[k + 1] !== "\n")) {
      line++;
      start = k + 1;
    }
  }
  return { line, column: Array.from(text.slice(start, at)).length + 1 };
}
