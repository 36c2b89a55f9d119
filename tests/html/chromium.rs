//! Just enough of the Chrome DevTools Protocol to open a page in headless Chromium, run
//! script in it, click like a user and take a screenshot, with every console error,
//! uncaught exception and browser log error collected (a blocked load under the page's
//! Content-Security-Policy is one).

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// The browser to test with: `MUTATE_CHROMIUM`, or the first of the usual names on PATH.
pub fn find() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("MUTATE_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let names = [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ];
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

pub struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
    /// Console errors, uncaught exceptions and error log entries, as text.
    pub errors: Vec<String>,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts headless Chromium with a new empty profile and opens one blank page.
    pub fn start(executable: &Path) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(executable)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1400,900",
                "--remote-debugging-port=0",
                "about:blank",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("starting {}: {e}", executable.display()));
        // Chromium prints where its DevTools listen on stderr; the rest of stderr is
        // drained by the same thread so the browser never blocks on it.
        let stderr = child.stderr.take().unwrap();
        let (found, listening) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = found.send(line[at..].trim().to_owned());
                }
            }
        });
        let url = match listening.recv_timeout(Duration::from_secs(60)) {
            Ok(url) => url,
            Err(_) => {
                let _ = child.kill();
                panic!(
                    "{} printed no DevTools address within 60 s",
                    executable.display()
                );
            }
        };
        let (mut socket, _) = tungstenite::connect(url.as_str()).expect("DevTools connect");
        if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
            stream
                .set_read_timeout(Some(Duration::from_secs(60)))
                .unwrap();
        }
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
            errors: Vec::new(),
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({ "url": "about:blank" }));
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_owned();
        for domain in ["Runtime", "Log", "Page"] {
            browser.call(&format!("{domain}.enable"), json!({}));
        }
        browser
    }

    /// Sends a command (to the page once attached) and waits for its answer, noting the
    /// events that arrive meanwhile.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .expect("DevTools send");
        loop {
            let reply = self.receive();
            if reply["id"] == json!(id) {
                assert!(
                    reply.get("error").is_none(),
                    "{method} failed: {}",
                    reply["error"]
                );
                return reply["result"].clone();
            }
        }
    }

    /// Opens `url` and waits until its load event.
    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if self.receive()["method"] == "Page.loadEventFired" {
                return;
            }
        }
        panic!("{url} did not load within 60 s");
    }

    /// The value of a script expression evaluated in the page.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        assert!(
            result.get("exceptionDetails").is_none(),
            "{expression} threw: {}",
            result["exceptionDetails"]
        );
        result["result"]["value"].clone()
    }

    /// A real mouse click (pressed and released by the input pipeline, as a user's) at
    /// the middle of the element `selector` finds, scrolled into view first.
    pub fn click(&mut self, selector: &str) {
        let selector = serde_json::to_string(selector).unwrap();
        let at = self.eval(&format!(
            "(() => {{ const e = document.querySelector({selector}); \
             if (!e) return null; e.scrollIntoView({{block: 'center'}}); \
             const r = e.getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2]; }})()"
        ));
        assert!(!at.is_null(), "nothing matches {selector}");
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1 }),
            );
        }
    }

    /// A PNG of the page as it is shown.
    pub fn screenshot(&mut self) -> Vec<u8> {
        use base64::Engine;
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap())
            .unwrap()
    }

    fn receive(&mut self) -> Value {
        let message = self.socket.read().expect("DevTools read");
        let Ok(text) = message.into_text() else {
            return Value::Null;
        };
        let event: Value = serde_json::from_str(text.as_str()).expect("DevTools sends JSON");
        let params = &event["params"];
        match event["method"].as_str() {
            Some("Runtime.exceptionThrown") => {
                let details = &params["exceptionDetails"];
                self.errors.push(format!(
                    "uncaught: {} {}",
                    details["text"], details["exception"]["description"]
                ));
            }
            Some("Runtime.consoleAPICalled")
                if matches!(params["type"].as_str(), Some("error" | "assert")) =>
            {
                self.errors.push(format!("console: {}", params["args"]));
            }
            Some("Log.entryAdded") if params["entry"]["level"] == "error" => {
                self.errors
                    .push(format!("log: {}", params["entry"]["text"]));
            }
            _ => {}
        }
        event
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Closing asks the browser to end its own renderer and helper processes; the
        // kill is for a browser that does not answer.
        self.session.clear();
        self.next_id += 1;
        let close = json!({ "id": self.next_id, "method": "Browser.close" });
        let _ = self.socket.send(Message::text(close.to_string()));
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
