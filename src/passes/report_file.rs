//! `report-file=PATH`: a pass's report as JSON, for tools (the demo reads
//! `bufrs-merge-alloc`'s) next to the one-line remarks a person reads.
//!
//! A function pass runs once per function, possibly on several threads, but
//! a report file holds the whole module: every run hands over its records
//! under its function's name, and the file is written from all records
//! given for that path in this process, functions in name order, once the
//! pass has run on every op of its kind next to the function (the ops the
//! pass manager schedules it on), so writing costs time linear in the
//! report, not once per function. A pass scheduled on a module hands over
//! the records of all its functions at once ([`write_functions`]): one run,
//! one write. A function reported again (the pass run twice on it) replaces
//! its records, so the file shows the last run.
//!
//! The file is `{"pass": "...", "<list>": [record, ...], ...}` with one
//! record per line; records are built with [`Record`].

use melior::ir::OperationRef;
use std::collections::{BTreeMap, HashMap};
use std::sync::{LazyLock, Mutex};

use mlir_sys::MlirOperation;

use crate::ir::functions;

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

/// The records of one file, per function (in name order) and list, and
/// the rounds of runs that complete it.
#[derive(Default)]
struct Report {
    functions: BTreeMap<String, Vec<Vec<Record>>>,
    /// Per parent op and op name: how many runs the current round needs
    /// (the ops of that name in the parent's regions) and has had.
    rounds: HashMap<(usize, String), (usize, usize)>,
    /// How many times the file was written.
    writes: usize,
}

static REPORTS: LazyLock<Mutex<HashMap<String, Report>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The parent of `op` as a key (0 when it has none).
fn parent_key(op: MlirOperation) -> usize {
    // SAFETY: a live op.
    unsafe { mlir_sys::mlirOperationGetParentOperation(op) }.ptr as usize
}

/// How many ops named `name` the regions of `op`'s parent hold directly
/// (the runs of a pass scheduled on them); 1 without a parent.
fn sibling_count(op: MlirOperation, name: &str) -> usize {
    // SAFETY: a live op.
    let parent = unsafe { mlir_sys::mlirOperationGetParentOperation(op) };
    if parent.ptr.is_null() {
        return 1;
    }
    functions::nested_ops(parent, &mut |_| false)
        .into_iter()
        .filter(|&child| functions::op_name_is(child, name))
        .count()
        .max(1)
}

/// Records `lists` (one list of records per name of `names`, in order) for
/// `function` (the op `op` the pass ran on) and, once the pass has run on
/// every op of `op`'s name in `op`'s parent since the file was last
/// written, writes the file at `path` with every function's records; the
/// error is one line naming the file.
pub fn write(
    path: &str,
    pass: &str,
    names: &[&str],
    op: MlirOperation,
    function: &str,
    lists: Vec<Vec<Record>>,
) -> Result<(), String> {
    write_functions(path, pass, names, op, vec![(function.to_string(), lists)])
}

/// [`write`] for one run of the pass on `op` that reports several functions
/// (a pass scheduled on a module holding them): their records, by function
/// name, count as one run of the round.
pub fn write_functions(
    path: &str,
    pass: &str,
    names: &[&str],
    op: MlirOperation,
    functions: Vec<(String, Vec<Vec<Record>>)>,
) -> Result<(), String> {
    let name = functions::op_name(op);
    record_in_round(
        path,
        pass,
        names,
        (parent_key(op), name.clone()),
        || sibling_count(op, &name),
        functions,
    )
}

/// [`write_functions`] with the round's key (parent, op name) and run count
/// given.
fn record_in_round(
    path: &str,
    pass: &str,
    names: &[&str],
    key: (usize, String),
    runs: impl FnOnce() -> usize,
    functions: Vec<(String, Vec<Vec<Record>>)>,
) -> Result<(), String> {
    // A panicking writer elsewhere leaves the map consistent (entries are
    // replaced whole), so a poisoned lock is still usable.
    let mut reports = REPORTS.lock().unwrap_or_else(|e| e.into_inner());
    let report = reports.entry(path.to_string()).or_default();
    report.functions.extend(functions);
    // The first run of a round counts the runs the round needs (once per
    // round: linear in the ops).
    let round = report.rounds.entry(key).or_insert((0, 0));
    if round.1 == 0 {
        round.0 = runs();
    }
    round.1 += 1;
    if round.1 < round.0 {
        return Ok(());
    }
    *round = (0, 0);
    let mut text = format!("{{\n  \"pass\": {}", quote(pass));
    for (index, name) in names.iter().enumerate() {
        let records: Vec<String> = report
            .functions
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
    report.writes += 1;
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
        let key = || (1usize, "func.func".to_string());
        let names = &["scopes", "other"];
        // A round of two runs (two functions): the file is written when
        // both have reported, not before.
        record_in_round(path, "p", names, key(), || 2, vec![("g".into(), one(2))]).unwrap();
        assert!(!std::path::Path::new(path).exists());
        record_in_round(path, "p", names, key(), || 2, vec![("f".into(), one(1))]).unwrap();
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            "{\n  \"pass\": \"p\",\n  \"scopes\": [\n    {\"n\":1},\n    {\"n\":2}\n  ],\n  \"other\": []\n}\n"
        );
        // The next round (the pass run again) replaces g's records.
        record_in_round(path, "p", names, key(), || 2, vec![("g".into(), one(3))]).unwrap();
        record_in_round(path, "p", names, key(), || 2, vec![("f".into(), one(1))]).unwrap();
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            "{\n  \"pass\": \"p\",\n  \"scopes\": [\n    {\"n\":1},\n    {\"n\":3}\n  ],\n  \"other\": []\n}\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_module_run_writes_all_its_functions_once() {
        let dir = std::env::temp_dir().join(format!("bufrs-report-module-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.json");
        let path = path.to_str().unwrap();
        let one = |n: u64| vec![vec![Record::new().number("n", n)], vec![]];
        let names = &["functions", "findings"];
        // One run on a module without a parent (a round of one run)
        // reporting three functions.
        let functions = vec![
            ("c".to_string(), one(3)),
            ("a".to_string(), one(1)),
            ("b".to_string(), one(2)),
        ];
        let key = (0usize, "builtin.module".to_string());
        record_in_round(path, "p", names, key, || 1, functions).unwrap();
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            "{\n  \"pass\": \"p\",\n  \"functions\": [\n    {\"n\":1},\n    {\"n\":2},\n    {\"n\":3}\n  ],\n  \"findings\": []\n}\n"
        );
        let writes = REPORTS.lock().unwrap_or_else(|e| e.into_inner())[path].writes;
        assert_eq!(writes, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
