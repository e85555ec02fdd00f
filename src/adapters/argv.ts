// Splitting a command line into argv the way a POSIX shell reads quotes and escapes (POSIX.1-2017
// XCU §2.2 Quoting, §2.6.7 Quote Removal), without any expansion: no variables, globs, tildes,
// redirections or pipes. The words run as one program with its arguments, never through a shell.
import { AdapterSetupError } from "./errors.js";

/** The characters a backslash escapes inside double quotes (XCU §2.2.3); before others it stays. */
const DOUBLE_QUOTE_ESCAPES = new Set(["\\", '"', "$", "`"]);
const BLANK = /[ \t\n]/;

/** Splits `line` into words. Throws AdapterSetupError on an unterminated quote or a trailing `\`. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = "";
  // A word exists once any piece of it is read, so `''` is one empty argument.
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (BLANK.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new AdapterSetupError(`unterminated single quote at column ${i + 1} in: ${line}`);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      const start = i;
      i++;
      for (;;) {
        if (i >= line.length) {
          throw new AdapterSetupError(`unterminated double quote at column ${start + 1} in: ${line}`);
        }
        const d = line[i]!;
        if (d === '"') break;
        if (d === "\\" && i + 1 < line.length) {
          const next = line[i + 1]!;
          // A backslash-newline inside double quotes is a line continuation: both vanish.
          if (next === "\n") i += 2;
          else if (DOUBLE_QUOTE_ESCAPES.has(next)) {
            word += next;
            i += 2;
          } else {
            word += d;
            i++;
          }
        } else {
          word += d;
          i++;
        }
      }
      inWord = true;
      i++;
    } else if (c === "\\") {
      if (i + 1 >= line.length) throw new AdapterSetupError(`trailing backslash escapes nothing in: ${line}`);
      const next = line[i + 1]!;
      // Backslash-newline outside quotes is a line continuation (XCU §2.2.1).
      if (next !== "\n") {
        word += next;
        inWord = true;
      }
      i += 2;
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** What to spawn for a command line: a program and its arguments. */
export interface SpawnTarget {
  /** The program as the user wrote it (argv[0]); the adapters resolve it before spawning. */
  program: string;
  args: string[];
  /** Windows cmd.exe needs its command line passed through untouched. */
  windowsVerbatimArguments?: boolean;
}

/** The command line as argv, or through the platform shell (`sh -c` / `cmd.exe /d /s /c`) with `shell`. */
export function spawnTarget(command: string, shell: boolean, platform = process.platform): SpawnTarget {
  if (shell) {
    if (platform === "win32") {
      return {
        program: process.env.ComSpec || "cmd.exe",
        args: ["/d", "/s", "/c", `"${command}"`],
        windowsVerbatimArguments: true,
      };
    }
    return { program: "/bin/sh", args: ["-c", command] };
  }
  const words = splitCommandLine(command);
  const [program, ...args] = words;
  if (program === undefined || program === "") throw new AdapterSetupError("the command line is empty");
  return { program, args };
}

/**
 * A note for a command line whose backslashes the POSIX reading above took as escapes, the way a
 * Windows path is mangled (`C:\Python311\python.exe` becomes `C:Python311python.exe`); undefined when
 * no backslash outside quotes. Added to "not found" errors and to the setup probe's hints.
 */
export function backslashNote(line: string): string | undefined {
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (quote === '"' && c === "\\") i++;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (BLANK.test(c)) start = i + 1;
    else if (c === "\\") {
      const end = line.slice(i).search(BLANK);
      const written = line.slice(start, end < 0 ? line.length : i + end);
      let read: string;
      try {
        read = splitCommandLine(written).join(" ");
      } catch {
        read = "something else";
      }
      const slashed = written.replaceAll("\\", "/");
      return `The command line is read as a POSIX shell reads it, without running one, and a backslash outside quotes escapes the character after it: ${written} was read as ${read}. Write the path with forward slashes (${slashed}; Windows takes them too) or in single quotes ('${written}').`;
    }
  }
  return undefined;
}
