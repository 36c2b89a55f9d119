//! The machine code of a library as its rlib holds it, one fingerprint per function: its
//! bytes, and each relocation in it with what it points at. A function or a named symbol
//! is pointed at by name (names are stable between two builds of one crate: a symbol's
//! hash does not depend on its body); anything else (a constant, a string, a vtable, a
//! section) by its content, so the arbitrary numbering of anonymous data does not make two
//! identical builds differ. Two builds whose every fingerprint is equal run the same code.

use object::read::archive::ArchiveFile;
use object::{Object, ObjectSection, ObjectSymbol, RelocationTarget, SectionIndex, SymbolKind};
use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;

/// Each function's fingerprints, by its (mangled) symbol name: one per object that defines
/// it (a program's `main`, local symbols), in order, so that the order objects are read in
/// does not matter.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Code(pub BTreeMap<String, Vec<u64>>);

impl Code {
    /// The code of the rlibs and object files at `paths`.
    pub fn of(paths: &[impl AsRef<Path>]) -> Result<Code, String> {
        let mut code = Code::default();
        for path in paths {
            let path = path.as_ref();
            let data =
                std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            let added = match path.extension().is_some_and(|e| e == "rlib") {
                true => code.add_archive(&data),
                false => code.add_object(&data),
            };
            added.map_err(|e| format!("reading {}: {e}", path.display()))?;
        }
        Ok(code)
    }

    fn add_archive(&mut self, data: &[u8]) -> object::Result<()> {
        let archive = ArchiveFile::parse(data)?;
        for member in archive.members() {
            let member = member?;
            if !member.name().ends_with(b".o") {
                continue;
            }
            self.add_object(member.data(data)?)?;
        }
        Ok(())
    }

    /// Adds the functions of one object file.
    pub fn add_object(&mut self, data: &[u8]) -> object::Result<()> {
        let file = object::File::parse(data)?;
        let relocations = Relocations::of(&file);
        for symbol in file.symbols() {
            if symbol.kind() != SymbolKind::Text || !symbol.is_definition() {
                continue;
            }
            let (Ok(name), Some(section)) = (symbol.name(), symbol.section_index()) else {
                continue;
            };
            let mut hasher = DefaultHasher::new();
            let range = (symbol.address(), symbol.size());
            hash_range(&file, &relocations, section, range, &mut hasher, 2);
            let fingerprint = hasher.finish();
            let prints = self.0.entry(name.to_owned()).or_default();
            let at = prints.partition_point(|&p| p < fingerprint);
            prints.insert(at, fingerprint);
        }
        Ok(())
    }

    /// The names of the functions whose code differs from `other`'s, or that only one of
    /// them has.
    pub fn differing<'a>(&'a self, other: &'a Code) -> Vec<&'a str> {
        let mut names: Vec<&str> = self
            .0
            .iter()
            .filter(|(name, print)| other.0.get(*name) != Some(print))
            .map(|(name, _)| name.as_str())
            .collect();
        names.extend(
            other
                .0
                .keys()
                .filter(|name| !self.0.contains_key(*name))
                .map(String::as_str),
        );
        names
    }
}

/// Each section's relocations, by offset, by section index.
struct Relocations(Vec<Vec<(u64, object::Relocation)>>);

impl Relocations {
    fn of(file: &object::File) -> Relocations {
        let mut all = Vec::new();
        for section in file.sections() {
            let mut list: Vec<_> = section.relocations().collect();
            list.sort_by_key(|(offset, _)| *offset);
            let at = section.index().0;
            if all.len() <= at {
                all.resize_with(at + 1, Vec::new);
            }
            all[at] = list;
        }
        Relocations(all)
    }

    fn within(&self, section: SectionIndex, start: u64, end: u64) -> &[(u64, object::Relocation)] {
        let Some(list) = self.0.get(section.0) else {
            return &[];
        };
        let from = list.partition_point(|(offset, _)| *offset < start);
        let to = list.partition_point(|(offset, _)| *offset < end);
        &list[from..to]
    }
}

/// Hashes the bytes of `section` in `(address, size)` (to the section's end for a size of
/// 0) and the relocations there, relative to the start; what they point at by name, or by
/// content down to `depth` more levels.
fn hash_range(
    file: &object::File,
    relocations: &Relocations,
    section: SectionIndex,
    (address, size): (u64, u64),
    hasher: &mut DefaultHasher,
    depth: u32,
) {
    let Ok(section_ref) = file.section_by_index(section) else {
        return;
    };
    let data = section_ref.data().unwrap_or(&[]);
    let start = address.saturating_sub(section_ref.address()) as usize;
    let end = match size {
        0 => data.len(),
        n => (start + n as usize).min(data.len()),
    };
    data.get(start.min(end)..end).hash(hasher);
    // A section without bytes in the file (`.bss`): its size is its content.
    section_ref.size().hash(hasher);
    let base = section_ref.address() + start as u64;
    for (offset, relocation) in relocations.within(section, base, base + (end - start) as u64) {
        (offset - base).hash(hasher);
        relocation.flags().hash(hasher);
        relocation.addend().hash(hasher);
        match relocation.target() {
            RelocationTarget::Symbol(index) => match file.symbol_by_index(index) {
                Ok(target) => hash_target(file, relocations, &target, hasher, depth),
                Err(_) => "?".hash(hasher),
            },
            RelocationTarget::Section(index) => {
                if depth > 0 {
                    hash_range(file, relocations, index, (0, 0), hasher, depth - 1);
                }
            }
            RelocationTarget::Absolute => "absolute".hash(hasher),
            _ => "other".hash(hasher),
        }
    }
}

/// What a relocation points at: a function or a global by name; anything else by content.
fn hash_target(
    file: &object::File,
    relocations: &Relocations,
    target: &object::Symbol,
    hasher: &mut DefaultHasher,
    depth: u32,
) {
    let name = target.name().unwrap_or("");
    let named = !name.is_empty() && (target.kind() == SymbolKind::Text || target.is_global());
    if named || target.is_undefined() {
        name.hash(hasher);
        return;
    }
    match target.section_index() {
        Some(section) if depth > 0 => hash_range(
            file,
            relocations,
            section,
            (target.address(), target.size()),
            hasher,
            depth - 1,
        ),
        _ => name.hash(hasher),
    }
}

/// A symbol's name as a path without its hash: `demo::Shape::area`,
/// `<demo::Shape as core::fmt::Display>::fmt`.
pub fn demangled(symbol: &str) -> String {
    format!("{:#}", rustc_demangle::demangle(symbol))
}
