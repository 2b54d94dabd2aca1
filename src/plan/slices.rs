//! IREE-style slice lists for `bufrs-plan` (seed 004's `stream.resource.pack`): one slice per
//! line, `[start, end] = size`, an inclusive lifetime and a size that is an integer, a symbol
//! (`%n`, `n`) or a product of an integer and symbols (`4 * %n * %m`). `#` starts a comment.
//! Sizes with symbols are placed by [`crate::plan::symbolic`], so the layout is expressions over
//! the symbols.

use crate::plan::symbolic::{SymBuffer, SymSize};

/// A parsed slice list: the buffers (in file order) and the symbol names (symbol `s` is
/// `symbols[s]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceList {
    pub buffers: Vec<SymBuffer>,
    pub symbols: Vec<String>,
}

/// Whether `text` looks like a slice list (its first line with content starts with `[`; a
/// leading byte-order mark is not content).
pub fn is_slice_list(text: &str) -> bool {
    without_bom(text)
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with('['))
}

/// `text` without its leading byte-order mark, if any.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Parses a slice list; every buffer gets `alignment`. `Err` names the line (1-based).
pub fn parse(text: &str, alignment: u64) -> Result<SliceList, String> {
    let mut list = SliceList {
        buffers: vec![],
        symbols: vec![],
    };
    // Symbol ids by name: one lookup per factor, however many symbols.
    let mut symbol_ids: std::collections::HashMap<String, usize> = Default::default();
    for (number, raw) in without_bom(text).lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |why: &str| format!("line {}: {why}: `{}`", number + 1, raw.trim());
        let (range, size) = line
            .split_once('=')
            .ok_or_else(|| at("expected `[start, end] = size`"))?;
        let range = range
            .trim()
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .ok_or_else(|| at("expected `[start, end]`"))?;
        let (start, end) = range
            .split_once(',')
            .ok_or_else(|| at("expected `[start, end]`"))?;
        let number_of = |s: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| at(&format!("`{}` is not a non-negative integer", s.trim())))
        };
        let (first, last) = (number_of(start)?, number_of(end)?);
        if first > last {
            return Err(at("the lifetime is empty (start > end)"));
        }
        let mut coefficient = 1u64;
        let mut ids = Vec::new();
        for factor in size.split('*').map(str::trim) {
            if factor.is_empty() {
                return Err(at("empty size"));
            }
            if let Ok(value) = factor.parse::<u64>() {
                coefficient = coefficient
                    .checked_mul(value)
                    .ok_or_else(|| at("the size overflows 64 bits"))?;
                continue;
            }
            let name = factor.strip_prefix('%').unwrap_or(factor);
            if name.is_empty()
                || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                || name.starts_with(|c: char| c.is_ascii_digit())
            {
                return Err(at(&format!(
                    "`{factor}` is neither an integer nor a symbol"
                )));
            }
            let id = *symbol_ids.entry(name.to_string()).or_insert_with(|| {
                list.symbols.push(name.to_string());
                list.symbols.len() - 1
            });
            ids.push(id as u32);
        }
        list.buffers.push(SymBuffer {
            size: SymSize::new(coefficient, ids),
            alignment,
            first,
            last,
        });
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{PlannerKind, SearchBudget, symbolic};

    /// Seed 004's example: 40, 4, 40, 4 bytes over [0,2] [1,2] [2,4] [3,4], 64-byte aligned:
    /// 192 bytes at 0, 64, 128, 0.
    #[test]
    fn iree_example() {
        let text = "# seed 004\n[0, 2] = 40\n[1, 2] = 4\n[2, 4] = 40\n[3, 4] = 4\n";
        assert!(is_slice_list(text));
        let list = parse(text, 64).unwrap();
        let plan = symbolic::plan(
            &list.buffers,
            &PlannerKind::BestFitStart.planner(SearchBudget::NONE),
        )
        .unwrap();
        assert_eq!(plan.eval(&[]), Some((vec![0, 64, 128, 0], 192)));
    }

    #[test]
    fn symbols_and_errors() {
        let list = parse("[0, 3] = 4 * %n\n[1, 2] = m\n[4, 5] = %n * 2 * %m", 1).unwrap();
        assert_eq!(list.symbols, vec!["n", "m"]);
        assert_eq!(list.buffers[2].size, SymSize::new(2, vec![0, 1]));
        assert!(parse("[2, 1] = 4", 1).unwrap_err().contains("line 1"));
        assert!(
            parse("[0, 1] = 4\n[0, 1] 4", 1)
                .unwrap_err()
                .contains("line 2")
        );
        assert!(parse("[0, 1] = 4x", 1).unwrap_err().contains("neither"));
        assert!(!is_slice_list("id,lower,upper,size\n"));
    }

    /// A byte-order mark before the first slice is not content: the text is still a slice
    /// list, and parses as it would without the mark.
    #[test]
    fn byte_order_mark_is_not_content() {
        let text = "\u{feff}[0, 2] = 40\n[1, 2] = %n\n";
        assert!(is_slice_list(text));
        assert_eq!(parse(text, 1).unwrap(), parse(&text[3..], 1).unwrap());
        assert!(!is_slice_list("\u{feff}id,lower,upper,size\n"));
    }
}
