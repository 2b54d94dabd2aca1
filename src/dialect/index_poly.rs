//! The polynomial an `index` value equals over the values it is computed
//! from, so two run-time sizes computed differently compare: torch-mlir
//! recomputes a length through `i64` (`index_cast(index_cast(%d + 2) - 2)`)
//! where another buffer of that length is sized by `%d` itself.
//!
//! [`index_poly`] reads a value through integer constants, `arith.addi`,
//! `arith.subi`, `arith.muli`, `arith.index_cast`/`arith.index_castui`
//! between integers of at least 64 bits and `index`, and `affine.apply` of
//! a map with one result made of sums, products and constants. Any other
//! value is a leaf: a `memref.dim` of a constant dimension is the leaf
//! (source, dimension), so two such ops reading one dimension are one leaf
//! (a memref's shape never changes); anything else is the value itself.
//! Those ops compute modulo 2^64, and a polynomial identity over the
//! integers holds modulo 2^64 as well, so two values with equal polynomials
//! are equal for every value of the leaves. Op names: the semantics of the
//! arithmetic is what is read, and no interface exposes it.

use std::collections::BTreeMap;

use crate::{
    analysis::snapshot::{Snapshot, ValueDef, ValueId},
    ir::{capture::IrMap, functions},
};

/// What a polynomial is over: a value it does not look through, or the
/// size of dimension `.1` of buffer `.0` as `memref.dim` reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Leaf {
    Value(ValueId),
    Dim(ValueId, i64),
}

/// A polynomial with integer coefficients: each term's leaves sorted, no
/// zero coefficient. Over [`Leaf`]s here; merge-alloc's size forms are
/// polynomials over size values.
pub type Poly<L = Leaf> = BTreeMap<Vec<L>, i128>;

/// At most this many ops are followed from the value asked about.
const DEPTH: usize = 32;
/// At most this many terms in a polynomial.
const TERMS: usize = 64;

/// The polynomial `value` equals (see the module doc), or `None` past
/// [`DEPTH`] ops, [`TERMS`] terms or 128-bit coefficients.
pub fn index_poly(snap: &Snapshot, map: &IrMap, value: ValueId) -> Option<Poly> {
    walk(snap, map, value, 0)
}

/// Whether `a` and `b` are the same value or their polynomials are equal.
pub fn same_index(snap: &Snapshot, map: &IrMap, a: ValueId, b: ValueId) -> bool {
    a == b
        || index_poly(snap, map, a)
            .is_some_and(|p| index_poly(snap, map, b).is_some_and(|q| p == q))
}

fn leaf(leaf: Leaf) -> Poly {
    Poly::from([(vec![leaf], 1)])
}

fn walk(snap: &Snapshot, map: &IrMap, value: ValueId, depth: usize) -> Option<Poly> {
    if depth > DEPTH {
        return None;
    }
    let ValueDef::OpResult { op, .. } = snap.value(value).def else {
        return Some(leaf(Leaf::Value(value)));
    };
    let info = snap.op(op);
    let raw = map.op(op);
    let operand = |k: usize| walk(snap, map, *info.operands.get(k)?, depth + 1);
    let constant = |v: ValueId| {
        let ValueDef::OpResult { op, .. } = snap.value(v).def else {
            return None;
        };
        if !snap.op(op).operands.is_empty() {
            return None;
        }
        functions::integer_attribute(map.op(op), "value")
    };
    Some(match info.name.as_str() {
        "arith.constant" => Poly::from([(vec![], i128::from(constant(value)?))])
            .into_iter()
            .filter(|(_, c)| *c != 0)
            .collect(),
        "memref.dim" if info.operands.len() == 2 => match constant(info.operands[1]) {
            Some(index) => leaf(Leaf::Dim(info.operands[0], index)),
            None => leaf(Leaf::Value(value)),
        },
        "arith.addi" | "arith.subi" | "arith.muli" if info.operands.len() == 2 => {
            let (a, b) = (operand(0)?, operand(1)?);
            match info.name.as_str() {
                "arith.addi" => add(&a, &b, 1)?,
                "arith.subi" => add(&a, &b, -1)?,
                _ => mul(&a, &b)?,
            }
        }
        "arith.index_cast" | "arith.index_castui" if info.operands.len() == 1 => {
            // SAFETY: live values of the capture.
            let wide = |v: ValueId| unsafe {
                let ty = mlir_sys::mlirValueGetType(map.value(v));
                mlir_sys::mlirTypeIsAIndex(ty)
                    || (mlir_sys::mlirTypeIsAInteger(ty)
                        && mlir_sys::mlirIntegerTypeGetWidth(ty) >= 64)
            };
            if !wide(value) || !wide(info.operands[0]) {
                return Some(leaf(Leaf::Value(value)));
            }
            operand(0)?
        }
        "affine.apply" => {
            let Some(attr) = functions::attribute(raw, "map") else {
                return Some(leaf(Leaf::Value(value)));
            };
            // SAFETY: a live attribute; the walk stays in the map's result.
            unsafe {
                if !mlir_sys::mlirAttributeIsAAffineMap(attr) {
                    return Some(leaf(Leaf::Value(value)));
                }
                let affine_map = mlir_sys::mlirAffineMapAttrGetValue(attr);
                if mlir_sys::mlirAffineMapGetNumResults(affine_map) != 1 {
                    return Some(leaf(Leaf::Value(value)));
                }
                let dims = mlir_sys::mlirAffineMapGetNumDims(affine_map) as usize;
                affine(
                    mlir_sys::mlirAffineMapGetResult(affine_map, 0),
                    dims,
                    &operand,
                    0,
                )?
            }
        }
        _ => leaf(Leaf::Value(value)),
    })
}

/// The polynomial of an affine expression, dimension `d` being operand `d`
/// and symbol `s` operand `dims + s`; sums, products and constants only.
/// # Safety
/// `expr` is live.
unsafe fn affine(
    expr: mlir_sys::MlirAffineExpr,
    dims: usize,
    operand: &dyn Fn(usize) -> Option<Poly>,
    depth: usize,
) -> Option<Poly> {
    if depth > DEPTH {
        return None;
    }
    // SAFETY: `expr` is live, and so are its operands.
    unsafe {
        if mlir_sys::mlirAffineExprIsAConstant(expr) {
            let c = i128::from(mlir_sys::mlirAffineConstantExprGetValue(expr));
            return Some(
                Poly::from([(vec![], c)])
                    .into_iter()
                    .filter(|(_, c)| *c != 0)
                    .collect(),
            );
        }
        if mlir_sys::mlirAffineExprIsADim(expr) {
            return operand(mlir_sys::mlirAffineDimExprGetPosition(expr) as usize);
        }
        if mlir_sys::mlirAffineExprIsASymbol(expr) {
            return operand(dims + mlir_sys::mlirAffineSymbolExprGetPosition(expr) as usize);
        }
        let is_add = mlir_sys::mlirAffineExprIsAAdd(expr);
        if !is_add && !mlir_sys::mlirAffineExprIsAMul(expr) {
            return None;
        }
        let lhs = affine(
            mlir_sys::mlirAffineBinaryOpExprGetLHS(expr),
            dims,
            operand,
            depth + 1,
        )?;
        let rhs = affine(
            mlir_sys::mlirAffineBinaryOpExprGetRHS(expr),
            dims,
            operand,
            depth + 1,
        )?;
        if is_add {
            add(&lhs, &rhs, 1)
        } else {
            mul(&lhs, &rhs)
        }
    }
}

/// `a + sign × b` (`None` past 128 bits or [`TERMS`] terms).
pub fn add(a: &Poly, b: &Poly, sign: i128) -> Option<Poly> {
    sum(a, b, sign).filter(|out| out.len() <= TERMS)
}

/// `a + sign × b` over any leaves, its terms unbounded (`None` past 128
/// bits).
pub fn sum<L: Ord + Clone>(a: &Poly<L>, b: &Poly<L>, sign: i128) -> Option<Poly<L>> {
    let mut out = a.clone();
    for (leaves, &c) in b {
        let at = out.entry(leaves.clone()).or_insert(0);
        *at = at.checked_add(c.checked_mul(sign)?)?;
    }
    out.retain(|_, c| *c != 0);
    Some(out)
}

/// `a × b` over any leaves (`None` past 128 bits or [`TERMS`] terms).
pub fn mul<L: Ord + Copy>(a: &Poly<L>, b: &Poly<L>) -> Option<Poly<L>> {
    let mut out = Poly::<L>::new();
    for (x, &c) in a {
        for (y, &d) in b {
            let mut leaves = x.clone();
            leaves.extend(y.iter().copied());
            leaves.sort_unstable();
            let at = out.entry(leaves).or_insert(0);
            *at = at.checked_add(c.checked_mul(d)?)?;
        }
    }
    out.retain(|_, c| *c != 0);
    (out.len() <= TERMS).then_some(out)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A polynomial over leaves `Value(0..3)` from a list of terms.
    fn poly(terms: &[(i64, Vec<u32>)]) -> Poly {
        let mut out = Poly::new();
        for (c, leaves) in terms {
            let mut leaves: Vec<Leaf> = leaves.iter().map(|&v| Leaf::Value(ValueId(v))).collect();
            leaves.sort_unstable();
            *out.entry(leaves).or_insert(0) += i128::from(*c);
        }
        out.retain(|_, c| *c != 0);
        out
    }

    /// The value of `p` modulo 2^64 with leaf `Value(i)` at `values[i]`,
    /// as the `arith` ops compute it.
    fn eval(p: &Poly, values: &[u64]) -> u64 {
        let mut sum = 0u64;
        for (leaves, &c) in p {
            let mut term = c as u64;
            for leaf in leaves {
                let Leaf::Value(v) = leaf else { unreachable!() };
                term = term.wrapping_mul(values[v.0 as usize]);
            }
            sum = sum.wrapping_add(term);
        }
        sum
    }

    fn terms() -> impl Strategy<Value = Vec<(i64, Vec<u32>)>> {
        prop::collection::vec((-8i64..8, prop::collection::vec(0u32..3, 0..3)), 0..4)
    }

    proptest! {
        /// `add` and `mul` compute what wrapping 64-bit arithmetic does, so
        /// equal polynomials mean equal `index` values.
        #[test]
        fn sums_and_products_match_wrapping_arithmetic(
            a in terms(), b in terms(), values in prop::collection::vec(any::<u64>(), 3),
        ) {
            let (p, q) = (poly(&a), poly(&b));
            let sum = add(&p, &q, 1).unwrap();
            let difference = add(&p, &q, -1).unwrap();
            let product = mul(&p, &q).unwrap();
            prop_assert_eq!(eval(&sum, &values), eval(&p, &values).wrapping_add(eval(&q, &values)));
            prop_assert_eq!(eval(&difference, &values), eval(&p, &values).wrapping_sub(eval(&q, &values)));
            prop_assert_eq!(eval(&product, &values), eval(&p, &values).wrapping_mul(eval(&q, &values)));
            prop_assert!(sum.values().all(|&c| c != 0) && product.values().all(|&c| c != 0));
        }

        /// A polynomial minus itself, plus the other, is the other: the
        /// `index_cast(index_cast(d + k) - k)` round trip of torch-mlir's
        /// lengths reads back as `d`.
        #[test]
        fn a_round_trip_is_the_value_itself(a in terms(), b in terms()) {
            let (p, q) = (poly(&a), poly(&b));
            let trip = add(&add(&q, &p, 1).unwrap(), &p, -1).unwrap();
            prop_assert_eq!(trip, q);
        }
    }
}
