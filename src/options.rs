//! Typed pass options, declared once in Rust.
//!
//! A pass declares its options with [`pass_options!`](crate::pass_options): one
//! line per option with its Rust type, default, pipeline name and help text.
//! From that single declaration come the option specs the C++ shim turns
//! into MLIR `Pass::Option`s (so pipeline syntax, `--help` and MLIR's own
//! parse errors work), the conversion of the values MLIR parsed back into the
//! typed struct when the pass runs, and the pipeline text used to create the
//! pass from Rust with typed values.
//!
//! Supported types: `bool`, `i64`, `String`, `Vec<i64>`, `Vec<String>`.
//! Lists default to empty.
//!
//! An option may also say which values it accepts beyond its type
//! ([`Allowed`]: a range, powers of two, an enumeration), declared on its line
//! with `, allowed EXPR`. [`validate`] checks every option against that once,
//! when the pass is set up (the shim's `Pass::initialize`, and pass creation
//! through the C and Rust APIs), before any op is touched: an invalid value
//! is one error line naming the pass, the option, the value and what is
//! allowed, not one error per function.

use std::ffi::CString;

/// The kind of an option, matching the shim's `BufrsOptionKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    Int,
    String,
    IntList,
    StringList,
}

/// One declared option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The name in pipeline syntax, e.g. `max-alloc-size-in-bytes`.
    pub name: &'static str,
    pub help: &'static str,
    pub kind: OptionKind,
    pub default: OptionValue,
    /// The values accepted (checked by [`validate`]).
    pub allowed: Allowed,
}

/// Which values of its type an option accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowed {
    /// Every value of the type.
    Any,
    /// Integers from `min` to `max`, inclusive (each element of a list).
    Range { min: i64, max: i64 },
    /// Powers of two from 1 to `max` (each element of a list).
    PowerOfTwo { max: i64 },
    /// One of these strings (each element of a list).
    OneOf(&'static [&'static str]),
    /// Empty (off), or a file to write: not a directory, in a directory
    /// that exists.
    FileToWrite,
    /// Empty (off), or a directory to write files in: an existing
    /// directory other than the file system's root, or a new one in a
    /// directory that exists (not an existing file).
    DirectoryToWrite,
    /// Empty (off), or the name of a dialect attribute, `dialect.name` (the
    /// only attribute names MLIR allows on function arguments).
    DialectAttributeName,
}

impl Allowed {
    /// Integers from 0 up.
    pub const NON_NEGATIVE: Allowed = Allowed::Range {
        min: 0,
        max: i64::MAX,
    };

    /// What is allowed, in words (ends the error message).
    pub fn describe(&self) -> String {
        match *self {
            Allowed::Any => "any value".to_string(),
            Allowed::Range {
                min: 0,
                max: i64::MAX,
            } => "an integer >= 0".to_string(),
            Allowed::Range { min, max: i64::MAX } => format!("an integer >= {min}"),
            Allowed::Range { min, max } => format!("an integer from {min} to {max}"),
            Allowed::PowerOfTwo { max } => format!("a power of two from 1 to {max}"),
            Allowed::OneOf(names) => format!("one of {}", names.join(", ")),
            Allowed::FileToWrite => "empty, or a file path in an existing directory".to_string(),
            Allowed::DirectoryToWrite => {
                "empty, or a directory (not the root) that exists or whose parent exists"
                    .to_string()
            }
            Allowed::DialectAttributeName => {
                "empty, or a dialect attribute name such as bufrs.out".to_string()
            }
        }
    }

    fn admits_int(&self, value: i64) -> bool {
        match *self {
            Allowed::Range { min, max } => (min..=max).contains(&value),
            Allowed::PowerOfTwo { max } => value > 0 && value <= max && value.count_ones() == 1,
            Allowed::Any
            | Allowed::OneOf(_)
            | Allowed::FileToWrite
            | Allowed::DirectoryToWrite
            | Allowed::DialectAttributeName => true,
        }
    }

    fn admits_str(&self, value: &str) -> bool {
        let path = std::path::Path::new(value);
        // `a.json` is in the current directory, whose parent is "".
        let parent_exists = || {
            path.parent()
                .is_some_and(|p| p.as_os_str().is_empty() || p.is_dir())
        };
        match self {
            Allowed::OneOf(names) => names.contains(&value),
            Allowed::FileToWrite => value.is_empty() || (!path.is_dir() && parent_exists()),
            Allowed::DirectoryToWrite => {
                value.is_empty()
                    || if path.is_dir() {
                        // The root (however spelled) is never a picture directory.
                        std::fs::canonicalize(path).is_ok_and(|p| p.parent().is_some())
                    } else {
                        !path.exists() && !path.is_symlink() && parent_exists()
                    }
            }
            Allowed::DialectAttributeName => {
                value.is_empty()
                    || value
                        .split_once('.')
                        .is_some_and(|(dialect, name)| !dialect.is_empty() && !name.is_empty())
            }
            _ => true,
        }
    }
}

/// Checks `values` (in spec order) against what each option allows. The
/// error is one line without the pass name, e.g. `option 'alignment' has
/// invalid value '3' (allowed: a power of two from 1 to 4294967296)`; the
/// caller prefixes the pass.
pub fn validate(specs: &[OptionSpec], values: &[OptionValue]) -> Result<(), String> {
    if specs.len() != values.len() {
        return Err(OptionsError::Count {
            expected: specs.len(),
            got: values.len(),
        }
        .to_string());
    }
    for (spec, value) in specs.iter().zip(values) {
        let bad = match value {
            OptionValue::Bool(_) => None,
            OptionValue::Int(v) => (!spec.allowed.admits_int(*v)).then(|| v.to_string()),
            OptionValue::String(s) => (!spec.allowed.admits_str(s)).then(|| s.clone()),
            OptionValue::IntList(list) => list
                .iter()
                .find(|v| !spec.allowed.admits_int(**v))
                .map(i64::to_string),
            OptionValue::StringList(list) => {
                list.iter().find(|s| !spec.allowed.admits_str(s)).cloned()
            }
        };
        if let Some(bad) = bad {
            return Err(format!(
                "option '{}' has invalid value '{bad}' (allowed: {})",
                spec.name,
                spec.allowed.describe()
            ));
        }
    }
    Ok(())
}

/// A parsed option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    String(String),
    IntList(Vec<i64>),
    StringList(Vec<String>),
}

impl OptionValue {
    /// The value in MLIR's pipeline option syntax.
    pub fn to_pipeline_text(&self) -> String {
        match self {
            OptionValue::Bool(b) => b.to_string(),
            OptionValue::Int(i) => i.to_string(),
            OptionValue::String(s) => quote(s),
            OptionValue::IntList(list) => list
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(","),
            OptionValue::StringList(list) => {
                list.iter().map(|s| quote(s)).collect::<Vec<_>>().join(",")
            }
        }
    }
}

fn quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
        && !s.is_empty()
    {
        s.to_string()
    } else {
        format!("\"{s}\"")
    }
}

/// A Rust type usable as an option.
pub trait OptionType: Sized + Clone {
    const KIND: OptionKind;
    fn into_value(self) -> OptionValue;
    /// Extracts the typed value; `None` if `value` has another kind (a bug in
    /// the table, reported as an internal error).
    fn from_value(value: &OptionValue) -> Option<Self>;
}

macro_rules! option_type {
    ($ty:ty, $kind:ident) => {
        impl OptionType for $ty {
            const KIND: OptionKind = OptionKind::$kind;
            fn into_value(self) -> OptionValue {
                OptionValue::$kind(self)
            }
            fn from_value(value: &OptionValue) -> Option<Self> {
                match value {
                    OptionValue::$kind(v) => Some(v.clone()),
                    _ => None,
                }
            }
        }
    };
}
option_type!(bool, Bool);
option_type!(i64, Int);
option_type!(String, String);
option_type!(Vec<i64>, IntList);
option_type!(Vec<String>, StringList);

/// A pass's options as one typed struct (implemented by `pass_options!`).
pub trait PassOptions: Default + Clone + Sized {
    fn specs() -> Vec<OptionSpec>;
    /// Builds the struct from values in spec order.
    fn from_values(values: &[OptionValue]) -> Result<Self, OptionsError>;
    /// The values in spec order.
    fn to_values(&self) -> Vec<OptionValue>;
    /// The options in pipeline syntax (`a=1 b=x`), only those that differ
    /// from the default.
    fn to_pipeline_text(&self) -> String {
        let defaults = Self::default().to_values();
        Self::specs()
            .iter()
            .zip(self.to_values())
            .zip(defaults)
            .filter(|((_, value), default)| value != default)
            .map(|((spec, value), _)| format!("{}={}", spec.name, value.to_pipeline_text()))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The values MLIR handed over do not match the declared options.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OptionsError {
    /// The shim passed a different number of values than options declared.
    #[error("expected {expected} option values, got {got}")]
    Count { expected: usize, got: usize },
    /// A value's kind differs from its declared kind.
    #[error("option '{0}' has a value of the wrong kind")]
    Kind(&'static str),
}

/// Declares a pass's options struct. See the module docs.
///
/// ```text
/// pass_options! {
///     /// Options of bufrs-x.
///     pub struct XOptions {
///         size: i64 = 1024 => "max-size", "Largest size handled, in bytes.",
///             allowed Allowed::NON_NEGATIVE;
///         verbose: bool = false => "verbose", "Say more.";
///     }
/// }
/// ```
#[macro_export]
macro_rules! pass_options {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $field:ident : $ty:ty = $default:expr => $arg:literal, $help:literal
                $(, allowed $allowed:expr)? ; )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $( #[doc = $help] pub $field: $ty, )*
        }

        impl Default for $name {
            fn default() -> Self {
                Self { $( $field: $default, )* }
            }
        }

        impl $crate::options::PassOptions for $name {
            #[allow(unused_variables)]
            fn specs() -> Vec<$crate::options::OptionSpec> {
                let defaults = Self::default();
                vec![$(
                    $crate::options::OptionSpec {
                        name: $arg,
                        help: $help,
                        kind: <$ty as $crate::options::OptionType>::KIND,
                        default: $crate::options::OptionType::into_value(defaults.$field.clone()),
                        allowed: {
                            #[allow(unused_variables)]
                            let allowed = $crate::options::Allowed::Any;
                            $( let allowed = $allowed; )?
                            allowed
                        },
                    },
                )*]
            }

            #[allow(unused_assignments, unused_mut, unused_variables)]
            fn from_values(values: &[$crate::options::OptionValue]) -> Result<Self, $crate::options::OptionsError> {
                let expected = Self::specs().len();
                if values.len() != expected {
                    return Err($crate::options::OptionsError::Count { expected, got: values.len() });
                }
                let mut index = 0;
                $(
                    let $field = <$ty as $crate::options::OptionType>::from_value(&values[index])
                        .ok_or($crate::options::OptionsError::Kind($arg))?;
                    index += 1;
                )*
                Ok(Self { $( $field, )* })
            }

            fn to_values(&self) -> Vec<$crate::options::OptionValue> {
                vec![$( $crate::options::OptionType::into_value(self.$field.clone()), )*]
            }
        }
    };
}

/// Options that a pass without options uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoOptions;

impl PassOptions for NoOptions {
    fn specs() -> Vec<OptionSpec> {
        vec![]
    }
    fn from_values(values: &[OptionValue]) -> Result<Self, OptionsError> {
        if values.is_empty() {
            Ok(NoOptions)
        } else {
            Err(OptionsError::Count {
                expected: 0,
                got: values.len(),
            })
        }
    }
    fn to_values(&self) -> Vec<OptionValue> {
        vec![]
    }
}

/// A NUL-terminated copy that lives for the rest of the process (pass tables
/// are registered once and read by MLIR for as long as it runs).
pub(crate) fn leak_c_string(s: &str) -> *const std::ffi::c_char {
    let owned =
        CString::new(s).unwrap_or_else(|_| CString::new(s.replace('\0', " ")).unwrap_or_default());
    Box::leak(owned.into_boxed_c_str()).as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::pass_options! {
        /// Every option kind once.
        pub struct Sample {
            flag: bool = false => "flag", "A flag.";
            size: i64 = 64 => "size", "A size.", allowed Allowed::PowerOfTwo { max: 1024 };
            name: String = "a".to_string() => "name", "A name.", allowed Allowed::OneOf(&["a", "b"]);
            sizes: Vec<i64> = vec![] => "sizes", "Sizes.", allowed Allowed::NON_NEGATIVE;
            names: Vec<String> = vec![] => "names", "Names.";
        }
    }

    #[test]
    fn specs_follow_declaration_order_with_defaults() {
        let specs = Sample::specs();
        let names: Vec<_> = specs.iter().map(|s| s.name).collect();
        assert_eq!(names, ["flag", "size", "name", "sizes", "names"]);
        assert_eq!(specs[1].default, OptionValue::Int(64));
        assert_eq!(specs[3].kind, OptionKind::IntList);
    }

    #[test]
    fn values_round_trip() {
        let sample = Sample {
            flag: true,
            size: -3,
            name: "x y".into(),
            sizes: vec![1, 2],
            names: vec!["p".into(), "q r".into()],
        };
        assert_eq!(Sample::from_values(&sample.to_values()), Ok(sample.clone()));
        assert_eq!(
            sample.to_pipeline_text(),
            "flag=true size=-3 name=\"x y\" sizes=1,2 names=p,\"q r\""
        );
        assert_eq!(Sample::default().to_pipeline_text(), "");
    }

    #[test]
    fn defaults_are_allowed() {
        assert_eq!(
            validate(&Sample::specs(), &Sample::default().to_values()),
            Ok(())
        );
        assert_eq!(Sample::specs()[0].allowed, Allowed::Any);
    }

    #[test]
    fn disallowed_values_name_option_value_and_what_is_allowed() {
        let check = |sample: Sample| validate(&Sample::specs(), &sample.to_values());
        let base = Sample::default();
        for (size, ok) in [
            (1, true),
            (64, true),
            (1024, true),
            (0, false),
            (3, false),
            (2048, false),
            (-4, false),
        ] {
            assert_eq!(
                check(Sample {
                    size,
                    ..base.clone()
                })
                .is_ok(),
                ok,
                "{size}"
            );
        }
        assert_eq!(
            check(Sample {
                size: 3,
                ..base.clone()
            }),
            Err(
                "option 'size' has invalid value '3' (allowed: a power of two from 1 to 1024)"
                    .into()
            )
        );
        assert_eq!(
            check(Sample {
                name: "c".into(),
                ..base.clone()
            }),
            Err("option 'name' has invalid value 'c' (allowed: one of a, b)".into())
        );
        assert_eq!(
            check(Sample {
                sizes: vec![4, -5, 6],
                ..base.clone()
            }),
            Err("option 'sizes' has invalid value '-5' (allowed: an integer >= 0)".into())
        );
        assert_eq!(
            validate(&Sample::specs(), &[]),
            Err("expected 5 option values, got 0".into())
        );
    }

    #[test]
    fn allowed_values_in_words() {
        assert_eq!(
            Allowed::Range { min: 1, max: 8 }.describe(),
            "an integer from 1 to 8"
        );
        assert_eq!(
            Allowed::Range {
                min: -2,
                max: i64::MAX
            }
            .describe(),
            "an integer >= -2"
        );
    }

    /// A picture directory is an existing directory other than the root, or a new one in
    /// one that exists; never an existing file. A result attribute is `dialect.name`.
    #[test]
    fn paths_and_attribute_names() {
        let dir = Allowed::DirectoryToWrite;
        let tmp = std::env::temp_dir();
        let file = tmp.join(format!("bufrs-options-{}", std::process::id()));
        std::fs::write(&file, "").unwrap();
        assert!(dir.admits_str(""));
        assert!(dir.admits_str(tmp.to_str().unwrap()));
        assert!(dir.admits_str(tmp.join("new-dir").to_str().unwrap()));
        assert!(!dir.admits_str(file.to_str().unwrap()));
        assert!(!dir.admits_str("/dev/null"));
        assert!(!dir.admits_str("/"));
        assert!(!dir.admits_str("/tmp/.."));
        std::fs::remove_file(&file).unwrap();
        let attr = Allowed::DialectAttributeName;
        assert!(attr.admits_str(""));
        assert!(attr.admits_str("bufrs.out"));
        assert!(attr.admits_str("llvm.noalias"));
        assert!(!attr.admits_str("out"));
        assert!(!attr.admits_str(".out"));
        assert!(!attr.admits_str("bufrs."));
    }

    #[test]
    fn wrong_values_are_errors_not_panics() {
        assert_eq!(
            Sample::from_values(&[]),
            Err(OptionsError::Count {
                expected: 5,
                got: 0
            })
        );
        let mut values = Sample::default().to_values();
        values[0] = OptionValue::Int(1);
        assert_eq!(
            Sample::from_values(&values),
            Err(OptionsError::Kind("flag"))
        );
    }
}
