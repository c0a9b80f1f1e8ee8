//! `grundy serve`: the page's files over HTTP on 127.0.0.1 with their content types, nothing from
//! outside the folder, a clear message when there is no page.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use assert_cmd::cargo::cargo_bin;

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(dir: &std::path::Path) -> Server {
    let mut child = Command::new(cargo_bin("grundy"))
        .args(["serve", "--port", "0", "--dir"])
        .arg(dir)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    Server { child, port }
}

/// The status line, headers and body of one request.
fn request(port: u16, raw: &str) -> (String, String, Vec<u8>) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(raw.as_bytes()).unwrap();
    let mut all = Vec::new();
    s.read_to_end(&mut all).unwrap();
    let split = all.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8(all[..split].to_vec()).unwrap();
    let (status, headers) = head.split_once("\r\n").unwrap();
    (
        status.to_string(),
        headers.to_string(),
        all[split + 4..].to_vec(),
    )
}

fn get(port: u16, path: &str) -> (String, String, Vec<u8>) {
    request(port, &format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n"))
}

#[test]
fn serves_the_page_with_content_types_and_nothing_outside() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page");
    std::fs::create_dir_all(page.join("pkg")).unwrap();
    std::fs::write(page.join("index.html"), "<!doctype html><p>hi").unwrap();
    std::fs::write(page.join("pkg/m.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(dir.path().join("secret.txt"), "no").unwrap();
    let s = serve(&page);

    let (status, headers, body) = get(s.port, "/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        headers.contains("Content-Type: text/html; charset=utf-8"),
        "{headers}"
    );
    assert_eq!(body, b"<!doctype html><p>hi");

    let (status, headers, body) = get(s.port, "/pkg/m.wasm?v=1");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        headers.contains("Content-Type: application/wasm"),
        "{headers}"
    );
    assert_eq!(body, b"\0asm\x01\0\0\0");

    assert_eq!(get(s.port, "/missing.js").0, "HTTP/1.1 404 Not Found");
    for bad in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/pkg/../../secret.txt",
    ] {
        let (status, _, body) = get(s.port, bad);
        assert_eq!(status, "HTTP/1.1 400 Bad Request", "{bad}");
        assert!(!String::from_utf8_lossy(&body).contains("no"), "{bad}");
    }
    let (status, headers, body) = request(s.port, "HEAD / HTTP/1.1\r\n\r\n");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(headers.contains("Content-Length: 20"), "{headers}");
    assert!(body.is_empty());
    let post = request(s.port, "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
    assert_eq!(post.0, "HTTP/1.1 405 Method Not Allowed");
}

#[test]
fn no_page_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(cargo_bin("grundy"))
        .args(["serve", "--port", "0", "--dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("index.html missing"), "{err}");
    assert!(err.contains("web/build"), "{err}");
}
