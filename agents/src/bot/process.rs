//! A bot's process: spawned in its own process group with piped stdin and stdout and its
//! stderr appended to a log file; one thread writes its input and one reads its output in
//! lines of bounded length, so a bot that stops reading, stops writing or writes without end
//! can never block the game. Shutting down (on any failure, at the end of a game, on drop)
//! kills the whole group and reaps the child: no zombie, no orphan.

use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The longest line a bot may write (bytes, without the newline).
pub const MAX_LINE: usize = 1 << 20;
/// Lines the reader holds before it waits for the game to read them.
const QUEUE: usize = 64;
/// How long a bot may take to exit on its own after `end` before it is killed.
const GRACE: Duration = Duration::from_millis(200);
/// How often a wait for a line checks whether the bot has exited.
const POLL: Duration = Duration::from_millis(20);

/// What the reader saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// A line longer than [`MAX_LINE`] (the reader stops there).
    TooLong,
    /// Bytes that are not UTF-8.
    NotText,
    /// The bot closed its output (it exited, or crashed).
    Closed,
}

/// Why no line came.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecvError {
    Timeout,
}

/// A running bot.
#[derive(Debug)]
pub struct BotProcess {
    child: Child,
    input: Option<Sender<Vec<u8>>>,
    lines: Option<Receiver<Line>>,
    threads: Vec<JoinHandle<()>>,
    log: PathBuf,
    done: bool,
}

/// The log folder when the spec names none: `$BROADSIDE_BOT_LOGS`, else `broadside-bots/`
/// in the temporary folder.
pub fn default_log_dir() -> PathBuf {
    std::env::var_os("BROADSIDE_BOT_LOGS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("broadside-bots"))
}

/// A file name for a bot's log from its command line.
fn log_name(argv: &[String]) -> String {
    let joined = argv
        .iter()
        .map(|w| w.rsplit('/').next().unwrap_or(w))
        .collect::<Vec<_>>()
        .join("-");
    let clean: String = joined
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .take(80)
        .collect();
    format!("{clean}.log")
}

impl BotProcess {
    /// Starts `argv` with its stderr appended to a log file in `log_dir`.
    pub fn spawn(argv: &[String], log_dir: Option<&str>) -> Result<Self, String> {
        let dir = log_dir.map(PathBuf::from).unwrap_or_else(default_log_dir);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create the log folder {}: {e}", dir.display()))?;
        let log = dir.join(log_name(argv));
        let err = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .map_err(|e| format!("cannot open the log {}: {e}", log.display()))?;
        let (program, args) = argv.split_first().ok_or("an empty command line")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(err))
            // Its own group, so the bot and anything it starts die together.
            .process_group(0)
            .spawn()
            .map_err(|e| format!("could not start `{program}`: {e}"))?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => {
                kill_group(&mut child);
                return Err("no pipes to the bot".into());
            }
        };
        let (line_tx, line_rx) = mpsc::sync_channel(QUEUE);
        let (in_tx, in_rx) = mpsc::channel::<Vec<u8>>();
        let threads = vec![
            std::thread::spawn(move || read_lines(stdout, line_tx)),
            std::thread::spawn(move || {
                let mut stdin = stdin;
                for bytes in in_rx {
                    if stdin.write_all(&bytes).and_then(|_| stdin.flush()).is_err() {
                        break;
                    }
                }
            }),
        ];
        Ok(BotProcess {
            child,
            input: Some(in_tx),
            lines: Some(line_rx),
            threads,
            log,
            done: false,
        })
    }

    /// The bot's stderr log.
    pub fn log(&self) -> &std::path::Path {
        &self.log
    }

    /// Queues one line for the bot (never blocks: the writer thread does the writing).
    pub fn send(&mut self, line: &str) {
        if let Some(tx) = &self.input {
            let mut bytes = Vec::with_capacity(line.len() + 1);
            bytes.extend_from_slice(line.as_bytes());
            bytes.push(b'\n');
            let _ = tx.send(bytes);
        }
    }

    /// The bot's next line, waiting until `deadline`. A bot that has exited gives
    /// [`Line::Closed`] once its last lines are read, even while something it started
    /// still holds its output open.
    pub fn recv(&mut self, deadline: Instant) -> Result<Line, RecvError> {
        let Some(rx) = &self.lines else {
            return Ok(Line::Closed);
        };
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(RecvError::Timeout);
            }
            // Short waits, so an exit is seen at once.
            let wait = (deadline - now).min(POLL);
            match rx.recv_timeout(wait) {
                Ok(l) => return Ok(l),
                Err(RecvTimeoutError::Disconnected) => return Ok(Line::Closed),
                Err(RecvTimeoutError::Timeout) => {
                    if matches!(self.child.try_wait(), Ok(Some(_))) {
                        // Its last words first: anything written before it exited.
                        return Ok(rx.try_recv().unwrap_or(Line::Closed));
                    }
                }
            }
        }
    }

    /// How the bot exited, if it has (waiting up to `wait` for it).
    pub fn exit_status(&mut self, wait: Duration) -> Option<String> {
        let until = Instant::now() + wait;
        loop {
            match self.child.try_wait() {
                Ok(Some(s)) => return Some(s.to_string()),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// Closes the bot's input, gives it `grace` to exit, kills its process group and reaps
    /// it; then ends both threads. Safe to call more than once.
    pub fn shutdown(&mut self, grace: Duration) {
        if self.done {
            return;
        }
        self.done = true;
        // Dropping the sender closes stdin once queued lines are written.
        self.input = None;
        let _ = self.exit_status(grace);
        kill_group(&mut self.child);
        // The reader may wait on a full queue: dropping the receiver frees it.
        self.lines = None;
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }

    /// Shuts down at once, as after a failure.
    pub fn kill(&mut self) {
        self.shutdown(Duration::ZERO);
    }

    /// Shuts down after the bot had its chance to exit on its own.
    pub fn finish(&mut self) {
        self.shutdown(GRACE);
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Kills the child's process group (the child is its leader) and reaps the child.
fn kill_group(child: &mut Child) {
    if let Some(pid) = rustix::process::Pid::from_raw(child.id() as i32) {
        // The group may be gone already; killing the child below covers a group that
        // could not be signalled.
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The reader thread: lines of at most [`MAX_LINE`] bytes until the output closes, the
/// game stops listening, or a line is too long.
fn read_lines(out: impl Read, tx: SyncSender<Line>) {
    let mut reader = BufReader::with_capacity(1 << 16, out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        // A read error ends the output like a close.
        let n = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .unwrap_or(0);
        if n == 0 {
            let _ = tx.send(Line::Closed);
            return;
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        } else if buf.len() > MAX_LINE {
            let _ = tx.send(Line::TooLong);
            return;
        }
        let line = match std::str::from_utf8(&buf) {
            Ok(s) => Line::Text(s.to_string()),
            Err(_) => Line::NotText,
        };
        if tx.send(line).is_err() {
            return;
        }
    }
}
