//! `grundy serve [--port P] [--open] [--dir DIR]`: serve the web page (`web/dist`, built by
//! `web/build`) on the loopback interface — a small static file server on `std` alone: GET and
//! HEAD, one thread per connection, files only from inside the folder.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use super::{CmdResult, Failure, Quiet};

/// Arguments of `grundy serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port on 127.0.0.1 (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8000)]
    pub port: u16,
    /// Open the page in the default browser (xdg-open, open or start).
    #[arg(long)]
    pub open: bool,
    /// The folder to serve [default: web/dist here, else the one of the source tree this was
    /// built from].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    // `--quiet`: accepted, a no-op (no progress to hide; the address line, no report).
    #[command(flatten)]
    pub quiet: Quiet,
}

/// The largest request head read (request line and headers).
const MAX_HEAD: usize = 16 * 1024;

fn page_dir(args: &Args) -> Result<PathBuf, Failure> {
    let candidates: Vec<PathBuf> = match &args.dir {
        Some(d) => vec![d.clone()],
        None => vec![
            PathBuf::from("web/dist"),
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist"),
        ],
    };
    for d in &candidates {
        if d.join("index.html").is_file() {
            return d
                .canonicalize()
                .map_err(|e| Failure::io(anyhow::anyhow!("{}: {e}", d.display())));
        }
    }
    Err(Failure::invalid(anyhow::anyhow!(
        "no web page at {} (index.html missing): build it with web/build, or give --dir",
        candidates[0].display()
    )))
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let dir = page_dir(&args)?;
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, args.port)).map_err(|e| {
        Failure::io(anyhow::anyhow!(
            "cannot listen on 127.0.0.1:{}: {e}",
            args.port
        ))
    })?;
    let port = listener.local_addr()?.port();
    let url = format!("http://127.0.0.1:{port}/");
    writeln!(out, "serving {} at {url} (Ctrl-C stops)", dir.display())?;
    out.flush()?;
    if args.open {
        open_browser(&url, out)?;
    }
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let dir = dir.clone();
        std::thread::spawn(move || {
            let _ = handle(stream, &dir);
        });
    }
    Ok(())
}

fn open_browser(url: &str, out: &mut dyn Write) -> CmdResult {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        writeln!(out, "could not start {opener} ({e}); open {url} yourself")?;
        out.flush()?;
    }
    Ok(())
}

/// The content type of a file, by its extension.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("txt" | "toml") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// `%XX` escapes decoded; `None` for a malformed escape or text that is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The file under `dir` a request target names (`/` is `index.html`), or `None` when the target
/// is malformed or would leave the folder.
pub fn resolve(dir: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next()?;
    let path = percent_decode(path)?;
    if !path.starts_with('/') || path.contains('\0') || path.contains('\\') {
        return None;
    }
    let rel = Path::new(&path[1..]);
    if rel
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return None;
    }
    let mut file = dir.join(rel);
    if file.is_dir() {
        file.push("index.html");
    }
    Some(file)
}

fn respond(stream: &mut TcpStream, status: &str, kind: &str, body: &[u8], head_only: bool) {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    if !head_only {
        let _ = stream.write_all(body);
    }
    let _ = stream.flush();
}

fn handle(mut stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?).take(MAX_HEAD as u64);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    // the rest of the head, up to the blank line
    let mut header = String::new();
    loop {
        header.clear();
        if reader.read_line(&mut header)? == 0 || header == "\r\n" || header == "\n" {
            break;
        }
    }
    let text = "text/plain; charset=utf-8";
    let mut parts = line.split_whitespace();
    let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
        respond(
            &mut stream,
            "400 Bad Request",
            text,
            b"bad request\n",
            false,
        );
        return Ok(());
    };
    let head_only = method == "HEAD";
    if method != "GET" && !head_only {
        respond(
            &mut stream,
            "405 Method Not Allowed",
            text,
            b"only GET and HEAD\n",
            false,
        );
        return Ok(());
    }
    let Some(file) = resolve(dir, target) else {
        respond(
            &mut stream,
            "400 Bad Request",
            text,
            b"bad path\n",
            head_only,
        );
        return Ok(());
    };
    match std::fs::read(&file) {
        Ok(body) => respond(&mut stream, "200 OK", content_type(&file), &body, head_only),
        Err(_) => respond(
            &mut stream,
            "404 Not Found",
            text,
            b"not found\n",
            head_only,
        ),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_folder() {
        let d = Path::new("/srv/page");
        assert_eq!(resolve(d, "/pkg/a.wasm?x=1"), Some(d.join("pkg/a.wasm")));
        assert_eq!(resolve(d, "/a%20b.js"), Some(d.join("a b.js")));
        for bad in [
            "/../etc/passwd",
            "/a/../../b",
            "/%2e%2e/x",
            "x",
            "/a\\b",
            "/%zz",
            "/%00",
        ] {
            assert_eq!(resolve(d, bad), None, "{bad}");
        }
        assert_eq!(content_type(Path::new("m.wasm")), "application/wasm");
    }
}
