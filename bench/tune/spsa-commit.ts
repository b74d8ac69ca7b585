// `chuhan spsa --commit-every MINUTES`: commits the state file, and nothing else, to the git
// checkout holding it, every MINUTES while the run plays and once more when it stops, so that a
// machine wiped between sessions loses at most that much of the run (bench/tune/README.md,
// "Committed runs").
//
// Each commit is `git add -- STATE` then `git commit --only -- STATE`: only that path goes into
// the commit, and whatever else is staged in the checkout (other people's work) stays staged and
// out of it. Git runs in the background (the games' clocks are not held up); a commit that fails
// (the index locked by another commit, no git identity) is a warning, tried again a minute later.
import { execFile } from 'node:child_process';
import { basename, dirname } from 'node:path';

interface GitResult {
  code: number;
  out: string;
}

function git(args: string[], cwd: string): Promise<GitResult> {
  return new Promise((done) => {
    execFile('git', args, { cwd, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      done({ code, out: `${stdout}${stderr}`.trim() });
    });
  });
}

/** Null when `path` lies in a git work tree, else why not. */
export async function commitProblem(path: string): Promise<string | null> {
  const r = await git(['rev-parse', '--is-inside-work-tree'], dirname(path));
  return r.code === 0 && r.out === 'true'
    ? null
    : `${path} is not in a git work tree (${r.out.split('\n')[0] || `git exit code ${r.code}`})`;
}

const RETRY_MS = 60_000;

export class StateCommitter {
  private last = Date.now();
  private pending: Promise<void> | null = null;
  /** Commits made. */
  commits = 0;

  constructor(
    private readonly path: string,
    private readonly minutes: number,
    private readonly warn: (line: string) => void,
    private readonly note: (line: string) => void,
  ) {}

  /** Commits in the background when MINUTES have passed since the last commit (and none is under way). */
  maybe(message: () => string): void {
    if (this.pending !== null || Date.now() - this.last < this.minutes * 60_000) return;
    this.pending = this.commit(message()).finally(() => (this.pending = null));
  }

  /** Commits now (after any commit under way), e.g. when the run stops. */
  async now(message: string): Promise<void> {
    if (this.pending !== null) await this.pending;
    await this.commit(message);
  }

  private async commit(message: string): Promise<void> {
    const cwd = dirname(this.path);
    const file = basename(this.path);
    const failed = (what: string, r: GitResult): void => {
      this.warn(`could not commit ${this.path} (${what}: ${r.out.split('\n')[0] || `exit code ${r.code}`}); trying again in a minute`);
      this.last = Date.now() - this.minutes * 60_000 + RETRY_MS;
    };
    const add = await git(['add', '--', file], cwd);
    if (add.code !== 0) return failed('git add', add);
    // Nothing to commit: the state is as committed last.
    const same = await git(['diff', '--cached', '--quiet', '--', file], cwd);
    if (same.code === 0) {
      this.last = Date.now();
      return;
    }
    const c = await git(['commit', '-q', '--only', '-m', message, '--', file], cwd);
    if (c.code !== 0) return failed('git commit', c);
    this.last = Date.now();
    this.commits++;
    this.note(`committed ${this.path}: ${message}`);
  }
}
