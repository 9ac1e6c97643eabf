// A program run in a pseudo-terminal, for prompts that insist on one (inquirer's, in Rocket.Chat's Apps CLI).
// util-linux's `script` makes the terminal (no native module needed; it is on every Debian); the test reads
// what the program prints and types answers once the prompt it waits for has been printed, never on a timer.
import { spawn } from 'node:child_process';

// Colour, cursor movement and line clearing (the CLI's spinners redraw their line): what a person would not read.
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

// Terminals still open when the test file's process ends (a test that timed out) end with it.
const open = new Set<Terminal>();
process.once('exit', () => open.forEach((t) => t.kill()));

export type TerminalOptions = { cwd: string; env: NodeJS.ProcessEnv; columns?: number; rows?: number };

export class Terminal {
  private raw = '';
  private cursor = 0;
  private wake: () => void = () => {};
  private code: number | null | undefined = undefined;
  private readonly child;
  /** The program's exit code (null when a signal ended it), once it and its output are done. */
  readonly exited: Promise<number | null>;

  constructor(argv: string[], options: TerminalOptions) {
    // Wide enough that nothing the CLI prints is cut to the width of the screen.
    const size = `stty cols ${options.columns ?? 250} rows ${options.rows ?? 50}`;
    this.child = spawn('script', ['--quiet', '--flush', '--return', '--command', `${size} && exec ${argv.map(quote).join(' ')}`, '/dev/null'], {
      cwd: options.cwd,
      env: { ...options.env, SHELL: '/bin/sh' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    open.add(this);
    const take = (d: string) => {
      this.raw += d;
      this.wake();
    };
    this.child.stdout.setEncoding('utf8').on('data', take);
    this.child.stderr.setEncoding('utf8').on('data', take);
    this.child.stdin.on('error', () => {}); // typing into a program that has just ended is not the test's failure
    this.child.once('error', (error) => {
      this.raw += `\n[the terminal could not start: ${error.message} (util-linux's \`script\` is needed)]\n`;
      this.code = null;
      this.wake();
    });
    this.exited = new Promise((resolve) => {
      this.child.once('close', (code) => {
        open.delete(this);
        this.code = code;
        this.wake();
        resolve(code);
      });
    });
  }

  /** Everything printed so far, as a person reads it (escape sequences removed, line ends as \n). */
  text(): string {
    return this.raw.replace(ESCAPES, '').replace(/\r\n?/g, '\n');
  }

  /**
   * Waits until `pattern` appears after the last match, however long the machine takes; fails at once when the
   * program ends first or prints `unless` (a prompt that should not come, which would wait for ever), and after
   * `ms` (a bound for a program that hangs: the failure then shows what it printed).
   */
  async expect(pattern: RegExp, { unless, ms = 180_000 }: { unless?: RegExp; ms?: number } = {}): Promise<RegExpExecArray> {
    const deadline = Date.now() + ms;
    const once = (re: RegExp) => new RegExp(re.source, re.flags.replace('g', ''));
    for (;;) {
      const changed = new Promise<void>((resolve) => (this.wake = resolve));
      const text = this.text();
      const rest = text.slice(this.cursor);
      const match = once(pattern).exec(rest);
      const wrong = unless && once(unless).exec(rest);
      if (wrong && (!match || wrong.index < match.index))
        throw new Error(`The program printed ${unless} while the test waited for ${pattern}. It printed:\n${text}`);
      if (match) {
        this.cursor += match.index + match[0].length;
        return match;
      }
      if (this.code !== undefined) throw new Error(`The program ended (exit ${this.code}) before printing ${pattern}. It printed:\n${text}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Nothing matched ${pattern} within ${ms} ms. The program printed:\n${text}`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([changed, new Promise<void>((r) => (timer = setTimeout(r, left)))]);
      clearTimeout(timer);
    }
  }

  /** Types `keys` (a line's answer ends with "\r", the Enter key). */
  type(keys: string) {
    this.child.stdin.write(keys);
  }

  /** Waits for the program to end; its exit code. */
  async end(): Promise<number | null> {
    return this.exited;
  }

  /** Ends the program (its terminal hangs up once `script` is gone). */
  kill() {
    if (this.code === undefined) this.child.kill('SIGKILL');
  }
}
