//! `report-file=PATH`: a pass's report as JSON, for tools (the demo reads
//! `bufrs-merge-alloc`'s) next to the one-line remarks a person reads.
//!
//! A function pass runs once per function, possibly on several threads, but
//! a report file holds the whole module: every run hands over its records
//! under its function's name and the file is rewritten from all records
//! given for that path in this process, functions in name order. A function
//! reported again (the pass run twice on it) replaces its records, so the
//! file shows the last run.
//!
//! The file is `{"pass": "...", "<list>": [record, ...], ...}` with one
//! record per line; records are built with [`Record`].

use melior::ir::OperationRef;
use std::collections::{BTreeMap, HashMap};
use std::sync::{LazyLock, Mutex};

/// One JSON object, its fields in insertion order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    fields: serde_json::Map<String, serde_json::Value>,
}

impl Record {
    pub fn new() -> Record {
        Record::default()
    }

    fn field(mut self, key: &'static str, value: serde_json::Value) -> Record {
        self.fields.insert(key.to_string(), value);
        self
    }

    pub fn string(self, key: &'static str, value: &str) -> Record {
        self.field(key, value.into())
    }

    pub fn number(self, key: &'static str, value: impl Into<u128>) -> Record {
        // Sizes and counts fit in 64 bits; a larger value is kept exact as a string.
        let value = value.into();
        match u64::try_from(value) {
            Ok(small) => self.field(key, small.into()),
            Err(_) => self.field(key, value.to_string().into()),
        }
    }

    pub fn boolean(self, key: &'static str, value: bool) -> Record {
        self.field(key, value.into())
    }

    /// `null` when `value` is `None`.
    pub fn optional_string(self, key: &'static str, value: Option<&str>) -> Record {
        match value {
            Some(value) => self.string(key, value),
            None => self.null(key),
        }
    }

    pub fn null(self, key: &'static str) -> Record {
        self.field(key, serde_json::Value::Null)
    }

    /// The object on one line.
    pub fn to_json(&self) -> String {
        serde_json::Value::Object(self.fields.clone()).to_string()
    }
}

/// `text` as a JSON string literal.
pub fn quote(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// An op's location as `file:line:column` (MLIR's printed form otherwise).
pub fn location_text(op: &OperationRef<'_, '_>) -> String {
    use melior::ir::operation::OperationLike;
    let printed = op.location().to_string();
    let inner = printed
        .strip_prefix("loc(")
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or(&printed);
    match inner
        .strip_prefix('"')
        .and_then(|rest| rest.split_once('"'))
    {
        Some((file, rest)) => format!("{file}{rest}"),
        None => inner.to_string(),
    }
}

/// Per file path: per function, its records per list.
type Reports = HashMap<String, BTreeMap<String, Vec<Vec<Record>>>>;

static REPORTS: LazyLock<Mutex<Reports>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// Records `lists` (one list of records per name of `names`, in order) for
/// `function` and rewrites the file at `path` with every function's
/// records; the error is one line naming the file.
pub fn write(
    path: &str,
    pass: &str,
    names: &[&str],
    function: &str,
    lists: Vec<Vec<Record>>,
) -> Result<(), String> {
    // A panicking writer elsewhere leaves the map consistent (entries are
    // replaced whole), so a poisoned lock is still usable.
    let mut reports = REPORTS.lock().unwrap_or_else(|e| e.into_inner());
    let functions = reports.entry(path.to_string()).or_default();
    functions.insert(function.to_string(), lists);
    let mut text = format!("{{\n  \"pass\": {}", quote(pass));
    for (index, name) in names.iter().enumerate() {
        let records: Vec<String> = functions
            .values()
            .filter_map(|lists| lists.get(index))
            .flatten()
            .map(|record| format!("    {}", record.to_json()))
            .collect();
        if records.is_empty() {
            text.push_str(&format!(",\n  {}: []", quote(name)));
        } else {
            text.push_str(&format!(
                ",\n  {}: [\n{}\n  ]",
                quote(name),
                records.join(",\n")
            ));
        }
    }
    text.push_str("\n}\n");
    std::fs::write(path, text).map_err(|e| format!("cannot write the report file '{path}': {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_json_objects() {
        let record = Record::new()
            .string("name", "a\"b\\c\n")
            .number("bytes", 12u64)
            .boolean("merged", false)
            .optional_string("reason", None);
        assert_eq!(
            record.to_json(),
            r#"{"name":"a\"b\\c\n","bytes":12,"merged":false,"reason":null}"#
        );
        assert_eq!(quote("\u{1}"), r#""\u0001""#);
    }

    #[test]
    fn functions_are_gathered_in_name_order_and_replaced() {
        let dir = std::env::temp_dir().join(format!("bufrs-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.json");
        let path = path.to_str().unwrap();
        let one = |n: u64| vec![vec![Record::new().number("n", n)], vec![]];
        write(path, "p", &["scopes", "other"], "g", one(2)).unwrap();
        write(path, "p", &["scopes", "other"], "f", one(1)).unwrap();
        write(path, "p", &["scopes", "other"], "g", one(3)).unwrap();
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            "{\n  \"pass\": \"p\",\n  \"scopes\": [\n    {\"n\":1},\n    {\"n\":3}\n  ],\n  \"other\": []\n}\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
