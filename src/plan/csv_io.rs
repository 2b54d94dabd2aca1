//! The MiniMalloc CSV format, in and out.
//!
//! Input: a header naming the columns `id`, `lower`, `upper`, `size` (any order, extra columns
//! ignored), then one buffer per row living over the half-open tick interval `[lower, upper)`.
//! The library's lifetimes are inclusive, so a row becomes `[lower, upper - 1]`. Output: `id,offset`.
//!
//! Every input error names the line it was found on (the header is line 1), so a person can fix
//! the file; parsing goes through the `csv` crate, never by hand.

use std::collections::HashMap;
use std::io::{Read, Write};

use crate::plan::{Buffer, Plan, PlanError, Problem};

/// A parsed input file: the problem plus each buffer's id and source line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Buffer ids as written in the file, in problem order.
    pub ids: Vec<String>,
    /// Line of each buffer's row.
    pub lines: Vec<u64>,
    /// The validated problem.
    pub problem: Problem,
}

/// What can be wrong with an input file. Each variant's doc names the rule that was broken.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file is readable CSV.
    #[error("line {line}: {message}")]
    Csv { line: u64, message: String },
    /// The header names the columns `id`, `lower`, `upper` and `size`.
    #[error("line 1: missing column `{column}` (header must name id, lower, upper, size)")]
    MissingColumn { column: &'static str },
    /// Every row has a value in every required column.
    #[error("line {line}: missing value for column `{column}`")]
    MissingValue { line: u64, column: &'static str },
    /// `lower`, `upper` and `size` are integers.
    #[error("line {line}: column `{column}`: `{value}` is not an integer")]
    NotANumber {
        line: u64,
        column: &'static str,
        value: String,
    },
    /// `lower`, `upper` and `size` are not negative.
    #[error("line {line}: column `{column}`: {value} is negative")]
    Negative {
        line: u64,
        column: &'static str,
        value: i128,
    },
    /// A lifetime `[lower, upper)` is not empty: `upper > lower`.
    #[error("line {line}: empty lifetime [{lower}, {upper}): upper must be greater than lower")]
    EmptyLifetime { line: u64, lower: u64, upper: u64 },
    /// Ids are unique.
    #[error("line {line}: duplicate id `{id}` (first on line {first_line})")]
    DuplicateId {
        line: u64,
        id: String,
        first_line: u64,
    },
    /// The buffers form a valid problem (alignment, total size).
    #[error("line {line}: {source}")]
    Invalid { line: u64, source: PlanError },
    /// Output can be written.
    #[error("writing offsets: {0}")]
    Write(String),
}

impl InputError {
    /// The line the error was found on (1 for header problems, 0 when not about a line).
    pub fn line(&self) -> u64 {
        match self {
            InputError::Csv { line, .. }
            | InputError::MissingValue { line, .. }
            | InputError::NotANumber { line, .. }
            | InputError::Negative { line, .. }
            | InputError::EmptyLifetime { line, .. }
            | InputError::DuplicateId { line, .. }
            | InputError::Invalid { line, .. } => *line,
            InputError::MissingColumn { .. } => 1,
            InputError::Write(_) => 0,
        }
    }
}

const COLUMNS: [&str; 4] = ["id", "lower", "upper", "size"];

/// Reads a MiniMalloc CSV; every buffer gets `alignment`.
pub fn read_instance(input: impl Read, alignment: u64) -> Result<Instance, InputError> {
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .trim(::csv::Trim::All)
        .from_reader(input);
    let header = reader.headers().map_err(|e| csv_error(&e, 1))?.clone();
    let mut column_index = [0usize; 4];
    for (slot, name) in column_index.iter_mut().zip(COLUMNS) {
        *slot = header
            .iter()
            .position(|h| h.eq_ignore_ascii_case(name))
            .ok_or(InputError::MissingColumn { column: name })?;
    }
    let mut ids = Vec::new();
    let mut lines = Vec::new();
    let mut buffers = Vec::new();
    let mut first_line_of: HashMap<String, u64> = HashMap::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            csv_error(&e, line)
        })?;
        let line = record.position().map_or(0, |p| p.line());
        let field = |k: usize| -> Result<&str, InputError> {
            match record.get(column_index[k]) {
                Some(value) if !value.is_empty() => Ok(value),
                _ => Err(InputError::MissingValue {
                    line,
                    column: COLUMNS[k],
                }),
            }
        };
        let id = field(0)?.to_string();
        let lower = number(field(1)?, line, COLUMNS[1])?;
        let upper = number(field(2)?, line, COLUMNS[2])?;
        let size = number(field(3)?, line, COLUMNS[3])?;
        if upper <= lower {
            return Err(InputError::EmptyLifetime { line, lower, upper });
        }
        if let Some(&first_line) = first_line_of.get(&id) {
            return Err(InputError::DuplicateId {
                line,
                id,
                first_line,
            });
        }
        first_line_of.insert(id.clone(), line);
        buffers.push(Buffer::new(size, lower, upper - 1).with_alignment(alignment));
        ids.push(id);
        lines.push(line);
    }
    let problem = Problem::new(buffers).map_err(|source| {
        let line = match source {
            PlanError::BadAlignment { buffer, .. }
            | PlanError::EmptyLifetime { buffer, .. }
            | PlanError::SizeOverflow { buffer } => lines.get(buffer).copied().unwrap_or(0),
            _ => 0,
        };
        InputError::Invalid { line, source }
    })?;
    Ok(Instance {
        ids,
        lines,
        problem,
    })
}

fn number(text: &str, line: u64, column: &'static str) -> Result<u64, InputError> {
    let value: i128 = text.parse().map_err(|_| InputError::NotANumber {
        line,
        column,
        value: text.to_string(),
    })?;
    if value < 0 {
        return Err(InputError::Negative {
            line,
            column,
            value,
        });
    }
    u64::try_from(value).map_err(|_| InputError::NotANumber {
        line,
        column,
        value: text.to_string(),
    })
}

fn csv_error(error: &::csv::Error, line: u64) -> InputError {
    InputError::Csv {
        line,
        message: error.to_string(),
    }
}

/// Writes `id,offset` rows for a plan of `instance`.
pub fn write_offsets(output: impl Write, ids: &[String], plan: &Plan) -> Result<(), InputError> {
    let mut writer = ::csv::Writer::from_writer(output);
    let write_error = |e: ::csv::Error| InputError::Write(e.to_string());
    writer.write_record(["id", "offset"]).map_err(write_error)?;
    for (id, offset) in ids.iter().zip(&plan.offsets) {
        writer
            .write_record([id.as_str(), &offset.to_string()])
            .map_err(write_error)?;
    }
    writer.flush().map_err(|e| InputError::Write(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Instance, InputError> {
        read_instance(text.as_bytes(), 1)
    }

    #[test]
    fn half_open_rows_become_inclusive_lifetimes() {
        let instance = read("id,lower,upper,size\n7,0,3,100\n8,3,5,50\n").unwrap();
        assert_eq!(instance.ids, vec!["7", "8"]);
        assert_eq!(instance.lines, vec![2, 3]);
        assert_eq!(instance.problem.buffers()[0], Buffer::new(100, 0, 2));
        assert_eq!(instance.problem.buffers()[1], Buffer::new(50, 3, 4));
    }

    #[test]
    fn columns_may_come_in_any_order() {
        let instance = read("size,upper,lower,id\n10,2,1,a\n").unwrap();
        assert_eq!(instance.problem.buffers()[0], Buffer::new(10, 1, 1));
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("id,lower,size\n1,0,4\n", 1, "upper"),
            (
                "id,lower,upper,size\n1,0,2,4\n2,0,x,4\n",
                3,
                "not an integer",
            ),
            ("id,lower,upper,size\n1,0,2,-4\n", 2, "negative"),
            (
                "id,lower,upper,size\n1,0,2,4\n2,5,5,4\n",
                3,
                "empty lifetime",
            ),
            ("id,lower,upper,size\n1,0,2,4\n1,1,2,4\n", 3, "duplicate id"),
            ("id,lower,upper,size\n1,0,2\n", 2, "missing value"),
        ];
        for (text, line, words) in cases {
            let error = read(text).unwrap_err();
            assert_eq!(error.line(), line, "{text}");
            let message = error.to_string();
            assert!(message.starts_with(&format!("line {line}:")), "{message}");
            assert!(message.contains(words), "{message}");
        }
    }

    #[test]
    fn bad_alignment_is_reported() {
        let error = read_instance("id,lower,upper,size\n1,0,2,4\n".as_bytes(), 3).unwrap_err();
        assert!(error.to_string().contains("not a power of two"), "{error}");
    }

    #[test]
    fn offsets_are_written_with_header() {
        let mut out = Vec::new();
        let plan = Plan {
            offsets: vec![0, 64],
            total: 128,
        };
        write_offsets(&mut out, &["a".to_string(), "b".to_string()], &plan).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "id,offset\na,0\nb,64\n");
    }
}
