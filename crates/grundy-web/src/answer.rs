//! The one shape of every answer: the report itself, or `{"error": MESSAGE}` with the message the
//! command-line tool prints for the same input.

use serde::Serialize;

/// The JSON text of `r`: the report, or `{"error": MESSAGE}`.
///
/// ```
/// use grundy_web::answer::json;
/// assert_eq!(json::<u32>(Ok(3)), "3");
/// assert_eq!(json::<u32>(Err("ruleset 'x': bad".into())), r#"{"error":"ruleset 'x': bad"}"#);
/// ```
pub fn json<T: Serialize>(r: Result<T, String>) -> String {
    let text = match r {
        Ok(report) => serde_json::to_string(&report).map_err(|e| e.to_string()),
        Err(message) => Err(message),
    };
    text.unwrap_or_else(|message| serde_json::json!({ "error": message }).to_string())
}
