//! A set that counts its insertions: the class under test of the extreme-mutation
//! example, in Rust. Its tests reach every method and still miss most of what the
//! methods do; the survivors are exactly those blind spots.

use mutate_runtime::mutate;

#[derive(Debug, Default, Clone)]
pub struct VersionedSet<T> {
    version: u64,
    elements: Vec<T>,
}

#[mutate]
impl<T: PartialEq + Clone + std::fmt::Debug> VersionedSet<T> {
    pub fn new() -> Self {
        VersionedSet {
            version: 0,
            elements: Vec::new(),
        }
    }

    pub fn add(&mut self, item: T) {
        if self.elements.contains(&item) {
            return;
        }
        self.elements.push(item);
        self.increment_version();
    }

    fn increment_version(&mut self) {
        self.version += 1;
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn len(&self) -> usize {
        self.elements.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, item: &T) -> bool {
        self.elements.contains(item)
    }

    /// Same elements, whatever the versions.
    pub fn same_elements(&self, other: &Self) -> bool {
        if other.len() != self.len() {
            return false;
        }
        for item in &self.elements {
            if !other.contains(item) {
                return false;
            }
        }
        true
    }

    /// The elements of both, as a new set at version 0.
    pub fn intersect(&self, other: &Self) -> Self {
        if self.is_empty() || other.is_empty() {
            return Self::new();
        }
        let mut result = Self::new();
        for item in &self.elements {
            if other.contains(item) {
                result.add(item.clone());
            }
        }
        result.version = 0;
        result
    }
}
