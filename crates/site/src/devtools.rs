//! A client of Chromium's DevTools protocol over the pipe Chromium is
//! started with (`--remote-debugging-pipe`): it reads the protocol's JSON
//! messages, each ended by a NUL byte, on its file descriptor 3 and writes
//! its own on 4. The two pipes are made by this process and handed to the
//! child alone, so no other program, of this user or another, can send the
//! browser a command: there is no port to connect to.
//!
//! Calls are synchronous: a call waits, until a deadline, for the answer
//! with its id. A thread of its own reads everything Chromium writes, so
//! Chromium never blocks on a full pipe; answers to calls given up on are
//! dropped, and events are kept for [`DevTools::wait_for_event`].

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Instant;

use serde_json::Value;

/// Why a call to the browser gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DevToolsError {
    /// The deadline passed first.
    #[error("no answer from the browser in time")]
    Timeout,
    /// The browser closed its end of the pipe (it ended), or the pipe broke.
    #[error("the browser closed its DevTools pipe ({0})")]
    Closed(String),
    /// The browser answered with an error, or a page's script threw one.
    #[error("{0}")]
    Failed(String),
}

/// The most events kept unasked for: the oldest go first. A page's load
/// sends some tens.
const KEPT_EVENTS: usize = 1000;

/// The protocol's client end: the pipe to the browser and what came back.
pub struct DevTools {
    to_browser: Mutex<Box<dyn Write + Send>>,
    inbox: Mutex<Inbox>,
    next_id: AtomicU64,
}

struct Inbox {
    /// The messages the reading thread has read, in order; an `Err` says
    /// why reading ended.
    messages: mpsc::Receiver<Result<Value, String>>,
    /// Events read while waiting for something else.
    events: VecDeque<Value>,
    /// Why reading ended, once it has.
    closed: Option<String>,
}

impl DevTools {
    /// A client writing to `to_browser` (the browser's fd 3) and reading
    /// `from_browser` (its fd 4) on a thread of its own.
    pub fn new(to_browser: impl Write + Send + 'static, from_browser: impl Read + Send + 'static) -> DevTools {
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || read_messages(from_browser, &sender));
        DevTools {
            to_browser: Mutex::new(Box::new(to_browser)),
            inbox: Mutex::new(Inbox { messages, events: VecDeque::new(), closed: None }),
            next_id: AtomicU64::new(1),
        }
    }

    /// Calls `method` with `params` (on the target attached as `session`,
    /// if given) and waits until `deadline` for its result.
    pub fn call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
        deadline: Instant,
    ) -> Result<Value, DevToolsError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut message = serde_json::json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            message["sessionId"] = session.into();
        }
        let mut bytes = serde_json::to_vec(&message).expect("a JSON value serializes");
        bytes.push(0);
        {
            let mut pipe = self.to_browser.lock().unwrap_or_else(|e| e.into_inner());
            pipe.write_all(&bytes).and_then(|()| pipe.flush()).map_err(|e| DevToolsError::Closed(e.to_string()))?;
        }
        let mut inbox = self.inbox.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let mut message = inbox.next(deadline)?;
            if message.get("id").and_then(Value::as_u64) == Some(id) {
                return match message.get("error") {
                    Some(error) => Err(DevToolsError::Failed(format!(
                        "{method}: {}",
                        error.get("message").and_then(Value::as_str).unwrap_or("an error without a message")
                    ))),
                    None => Ok(message.get_mut("result").map(Value::take).unwrap_or(Value::Null)),
                };
            }
            // An answer to a call given up on is dropped; an event is kept.
            if message.get("method").is_some() {
                inbox.keep(message);
            }
        }
    }

    /// Waits until `deadline` for an event that `wanted` takes (one kept
    /// already, or one still to come), and returns it.
    pub fn wait_for_event(&self, wanted: impl Fn(&Value) -> bool, deadline: Instant) -> Result<Value, DevToolsError> {
        let mut inbox = self.inbox.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = inbox.events.iter().position(&wanted) {
            return Ok(inbox.events.remove(at).expect("a position found"));
        }
        loop {
            let message = inbox.next(deadline)?;
            if message.get("method").is_none() {
                continue;
            }
            if wanted(&message) {
                return Ok(message);
            }
            inbox.keep(message);
        }
    }

    /// Forgets the events kept so far: what is waited for next comes after.
    pub fn forget_events(&self) {
        let mut inbox = self.inbox.lock().unwrap_or_else(|e| e.into_inner());
        while let Ok(message) = inbox.messages.try_recv() {
            if let Err(why) = message {
                inbox.closed = Some(why);
                break;
            }
        }
        inbox.events.clear();
    }
}

impl Inbox {
    /// The next message, waiting until `deadline`.
    fn next(&mut self, deadline: Instant) -> Result<Value, DevToolsError> {
        if let Some(why) = &self.closed {
            return Err(DevToolsError::Closed(why.clone()));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match self.messages.recv_timeout(left) {
            Ok(Ok(message)) => Ok(message),
            Ok(Err(why)) => {
                self.closed = Some(why.clone());
                Err(DevToolsError::Closed(why))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => Err(DevToolsError::Timeout),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let why = "its reader ended".to_string();
                self.closed = Some(why.clone());
                Err(DevToolsError::Closed(why))
            }
        }
    }

    fn keep(&mut self, event: Value) {
        if self.events.len() == KEPT_EVENTS {
            self.events.pop_front();
        }
        self.events.push_back(event);
    }
}

/// Reads NUL-ended JSON messages from `from_browser` until it ends, and
/// sends each on; then why it ended.
fn read_messages(from_browser: impl Read, sender: &mpsc::Sender<Result<Value, String>>) {
    let mut reader = BufReader::new(from_browser);
    let mut bytes = Vec::new();
    let why = loop {
        bytes.clear();
        match reader.read_until(0, &mut bytes) {
            Ok(0) => break "it ended".to_string(),
            Ok(_) if bytes.last() != Some(&0) => break "it ended within a message".to_string(),
            Ok(_) => match serde_json::from_slice::<Value>(&bytes[..bytes.len() - 1]) {
                Ok(message) => {
                    if sender.send(Ok(message)).is_err() {
                        return;
                    }
                }
                Err(e) => break format!("it sent a message that is not JSON: {e}"),
            },
            Err(e) => break e.to_string(),
        }
    };
    let _ = sender.send(Err(why));
}

#[cfg(test)]
mod tests {
    use std::io::{PipeReader, PipeWriter};
    use std::time::Duration;

    use serde_json::json;

    use super::*;

    /// A client, and the browser's ends of its pipes: what the client
    /// writes, and where to write to it.
    fn connected() -> (DevTools, BufReader<PipeReader>, PipeWriter) {
        let (from_client, to_browser) = std::io::pipe().unwrap();
        let (from_browser, to_client) = std::io::pipe().unwrap();
        (DevTools::new(to_browser, from_browser), BufReader::new(from_client), to_client)
    }

    /// The next message the client sent, as the browser reads it.
    fn sent(pipe: &mut BufReader<PipeReader>) -> Value {
        let mut bytes = Vec::new();
        pipe.read_until(0, &mut bytes).unwrap();
        assert_eq!(bytes.pop(), Some(0), "a message ends with a NUL byte");
        serde_json::from_slice(&bytes).unwrap()
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(10)
    }

    #[test]
    fn a_call_gets_the_answer_with_its_id_whatever_comes_before_it_and_however_it_is_cut() {
        let (client, mut requests, mut answers) = connected();
        let browser = std::thread::spawn(move || {
            let request = sent(&mut requests);
            assert_eq!(request["method"], "Page.navigate");
            assert_eq!(request["params"], json!({ "url": "http://x/" }));
            assert_eq!(request["sessionId"], "S1");
            let id = request["id"].as_u64().unwrap();
            // An answer to another call, an event, then the answer, its
            // bytes in pieces.
            let stream = format!(
                "{}\0{}\0{}\0",
                json!({ "id": id + 100, "result": {} }),
                json!({ "method": "Page.lifecycleEvent", "params": { "name": "load" } }),
                json!({ "id": id, "result": { "frameId": "F" } })
            );
            for piece in stream.as_bytes().chunks(7) {
                answers.write_all(piece).unwrap();
                answers.flush().unwrap();
            }
            answers
        });
        let result = client.call(Some("S1"), "Page.navigate", json!({ "url": "http://x/" }), soon()).unwrap();
        assert_eq!(result, json!({ "frameId": "F" }));
        // The event that came first was kept.
        let event = client.wait_for_event(|e| e["method"] == "Page.lifecycleEvent", soon()).unwrap();
        assert_eq!(event["params"]["name"], "load");
        drop(browser.join().unwrap());
    }

    #[test]
    fn an_error_answer_names_the_method_and_the_browsers_message() {
        let (client, mut requests, mut answers) = connected();
        std::thread::spawn(move || {
            let id = sent(&mut requests)["id"].as_u64().unwrap();
            let answer = json!({ "id": id, "error": { "code": -32000, "message": "No target with given id" } });
            answers.write_all(format!("{answer}\0").as_bytes()).unwrap();
            std::thread::sleep(Duration::from_secs(5));
        });
        let error = client.call(None, "Target.attachToTarget", json!({}), soon()).unwrap_err();
        assert_eq!(error, DevToolsError::Failed("Target.attachToTarget: No target with given id".into()));
    }

    #[test]
    fn no_answer_by_the_deadline_is_a_timeout_and_a_closed_pipe_says_so_at_once() {
        let (client, requests, answers) = connected();
        let started = Instant::now();
        let error = client.call(None, "Browser.getVersion", json!({}), started + Duration::from_millis(200));
        assert_eq!(error, Err(DevToolsError::Timeout));
        assert!(started.elapsed() >= Duration::from_millis(200));
        // The browser ends: its end of the pipe closes.
        drop(answers);
        let error = client.call(None, "Browser.getVersion", json!({}), soon()).unwrap_err();
        assert_eq!(error, DevToolsError::Closed("it ended".into()));
        let error = client.wait_for_event(|_| true, soon()).unwrap_err();
        assert_eq!(error, DevToolsError::Closed("it ended".into()));
        drop(requests);
    }

    #[test]
    fn a_message_that_is_not_json_ends_reading_saying_why() {
        let (client, _requests, mut answers) = connected();
        answers.write_all(b"{\"id\": 1, \0").unwrap();
        let error = client.wait_for_event(|_| true, soon()).unwrap_err();
        assert!(matches!(&error, DevToolsError::Closed(why) if why.starts_with("it sent a message that is not JSON")));
    }

    #[test]
    fn forgotten_events_are_not_waited_for() {
        let (client, _requests, mut answers) = connected();
        let event = json!({ "method": "Page.lifecycleEvent", "params": { "name": "load", "loaderId": "old" } });
        answers.write_all(format!("{event}\0").as_bytes()).unwrap();
        // Read, kept, then forgotten.
        std::thread::sleep(Duration::from_millis(100));
        client.forget_events();
        let error = client.wait_for_event(|_| true, Instant::now() + Duration::from_millis(100)).unwrap_err();
        assert_eq!(error, DevToolsError::Timeout);
    }
}
