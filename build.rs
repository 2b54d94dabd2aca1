//! Builds the C++ shim and links libbufrs against the one MLIR that mlir-opt uses.
//!
//! Debian's `libMLIR.so` holds all of MLIR's C++ but none of its C API, which ships
//! only as `libMLIRCAPI*.a`. mlir-sys (in shared mode, set in `.cargo/config.toml`)
//! asks for `-lMLIR -lMLIR-C`; we answer `-lMLIR-C` with a GNU ld linker script
//! that groups the C API archives, so the plugin carries just the C API objects it
//! uses and resolves every MLIR C++ symbol against `libMLIR.so`. A second, private
//! copy of MLIR inside the plugin would split pass registrations, TypeIDs and
//! command-line options between two worlds (see ARCHITECTURE.md).
//!
//! Also: bindgen turns the shim's C header into `src/ffi.rs`'s declarations, and an
//! rpath lets the plugin, tests and examples find `libMLIR.so` at run time.

use std::{env, fs, path::PathBuf};

use anyhow::{Context, Result, bail};

const SETUP_HINT: &str = "run `scripts/setup` (the README's first command does it) to install \
LLVM 22 from Debian's packages, or point MLIR_SYS_220_PREFIX at an LLVM 22 installation";

fn main() {
    if let Err(error) = run() {
        eprintln!("\nerror: bufrs cannot be built: {error:#}\n");
        std::process::exit(1);
    }
}

fn run() -> Result<()> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=cpp-shim");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");

    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".to_string()),
    );
    let include = prefix.join("include");
    let lib = prefix.join("lib");
    if !include.join("mlir/Pass/Pass.h").exists() || !lib.join("libMLIR.so").exists() {
        bail!(
            "LLVM/MLIR 22 was not found under {} (no include/mlir/Pass/Pass.h or lib/libMLIR.so); {SETUP_HINT}",
            prefix.display()
        );
    }

    let out = PathBuf::from(env::var("OUT_DIR")?);
    write_capi_linker_script(&lib, &out)?;
    compile_shim(&prefix, &include)?;
    generate_shim_bindings(&include, &out)?;

    // Find libMLIR.so / libLLVM.so at run time without LD_LIBRARY_PATH.
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", lib.display());
    Ok(())
}

/// `libMLIR-C.so` as a linker script: `GROUP ( libMLIRCAPI*.a )`.
fn write_capi_linker_script(lib: &std::path::Path, out: &std::path::Path) -> Result<()> {
    let mut archives: Vec<PathBuf> = fs::read_dir(lib)
        .with_context(|| format!("reading {}", lib.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("libMLIRCAPI") && n.ends_with(".a"))
        })
        .collect();
    if archives.is_empty() {
        bail!("no libMLIRCAPI*.a in {}; {SETUP_HINT}", lib.display());
    }
    archives.sort();
    let dir = out.join("capi");
    fs::create_dir_all(&dir)?;
    let members: Vec<String> = archives.iter().map(|p| p.display().to_string()).collect();
    fs::write(
        dir.join("libMLIR-C.so"),
        format!(
            "/* MLIR's C API archives, linked into libbufrs (see build.rs) */\nGROUP ( {} )\n",
            members.join(" ")
        ),
    )?;
    println!("cargo:rustc-link-search=native={}", dir.display());
    Ok(())
}

fn compile_shim(prefix: &std::path::Path, include: &std::path::Path) -> Result<()> {
    // Must be LLVM's own clang: MLIR keys the TypeIDs of op traits and other
    // templates without an explicit id by the compiler's spelling of the type
    // name (`__PRETTY_FUNCTION__`), which GCC spells differently. A shim built
    // by g++ would see no trait on any op.
    let clang = prefix.join("bin/clang++");
    if !clang.exists() {
        bail!(
            "{} is missing (package clang-22); {SETUP_HINT}",
            clang.display()
        );
    }
    let sources: Vec<PathBuf> = fs::read_dir("cpp-shim")?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "cpp"))
        .collect();
    cc::Build::new()
        .cpp(true)
        .compiler(&clang)
        .files(&sources)
        // LLVM's headers as system headers (as CMake's imported targets do): their own
        // -Wunused-parameter noise stays out, the shim's warnings (-Wall -Wextra) show.
        .flag("-isystem")
        .flag(include.to_str().context("LLVM include path is not UTF-8")?)
        .include("cpp-shim")
        // LLVM's release ABI: no RTTI, no exceptions, NDEBUG.
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag("-fvisibility=hidden")
        .define("NDEBUG", None)
        .try_compile("bufrs_shim")
        .context("compiling cpp-shim/")?;
    Ok(())
}

fn generate_shim_bindings(include: &std::path::Path, out: &std::path::Path) -> Result<()> {
    let bindings = bindgen::Builder::default()
        .header("cpp-shim/bufrs_shim.h")
        .clang_arg(format!("-I{}", include.display()))
        .allowlist_function("bufrsShim.*")
        .allowlist_type("Bufrs.*")
        .allowlist_var("BUFRS_.*")
        // MLIR's C API types come from mlir-sys, so they stay one type in Rust.
        .blocklist_type("Mlir.*")
        .raw_line("use mlir_sys::*;")
        .default_enum_style(bindgen::EnumVariation::Rust {
            non_exhaustive: false,
        })
        .derive_default(true)
        .layout_tests(false)
        .generate()
        .map_err(|e| anyhow::anyhow!("bindgen on cpp-shim/bufrs_shim.h: {e}"))?;
    bindings.write_to_file(out.join("shim_bindings.rs"))?;
    Ok(())
}
