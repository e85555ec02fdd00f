//! The table's wrapper for the crate `canon-json` (table/implementations/rust-canon-json), speaking canon-conformance's
//! command protocols (docs/protocol.md):
//!
//!   target/release/wrapper            once: the input on stdin, the answer on stdout, exit 1 to refuse
//!   target/release/wrapper --lines    lines: a request per line, an answer per line, "!reason" to refuse
//!
//! The crate is a serde_json Formatter (CanonicalFormatter, reached through its CanonJsonSerialize trait): it
//! writes a serde_json::Value, so the wrapper parses the bytes with serde_json, its float_roundtrip
//! feature on (Cargo.toml) so that each decimal becomes its nearest double (serde_json
//! checks UTF-8 and refuses what is not JSON); what serde_json lets through (a duplicate name, kept
//! last) is the crate's to see or not.
use canon_json::CanonJsonSerialize;
use std::io::{self, BufRead, Read, Write};

fn canon(bytes: &[u8]) -> Result<String, String> {
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    value.to_canon_json_string().map_err(|e| e.to_string())
}

fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

fn main() {
    let lines = std::env::args().any(|a| a == "--lines");
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if lines {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut request = Vec::new();
        loop {
            request.clear();
            if input.read_until(b'\n', &mut request).expect("stdin") == 0 {
                break;
            }
            if request.last() == Some(&b'\n') {
                request.pop();
            }
            let answer = match canon(&request) {
                Ok(text) => text,
                Err(why) => format!("!{}", one_line(&why)),
            };
            out.write_all(answer.as_bytes()).expect("stdout");
            out.write_all(b"\n").expect("stdout");
            out.flush().expect("stdout");
        }
        return;
    }
    let mut bytes = Vec::new();
    io::stdin().read_to_end(&mut bytes).expect("stdin");
    match canon(&bytes) {
        Ok(text) => {
            out.write_all(text.as_bytes()).expect("stdout");
            out.write_all(b"\n").expect("stdout");
        }
        Err(why) => {
            eprintln!("{}", one_line(&why));
            std::process::exit(1);
        }
    }
}
