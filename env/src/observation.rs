//! Observation tensors and their named layout.
//!
//! Every ruleset observes into three `f32` arrays from the deciding player's view:
//! an entity tensor `[max_ships, ship_features]` (own ships first), a global vector and
//! spatial planes `[channels, rows, cols]` (a ruleset without a grid declares 0 channels).
//! Every feature has a name so a network, a test or a person can read it.

use ndarray::{Array1, Array2, Array3};

/// Shapes and feature names of a ruleset's observation.
#[derive(Debug)]
pub struct ObsSpec {
    /// Rows of the entity tensor (the most ships a scenario may have).
    pub max_entities: usize,
    /// Names of the entity tensor's columns.
    pub entity_features: &'static [&'static str],
    /// Names of the global vector's entries.
    pub global_features: &'static [&'static str],
    /// Names of the spatial planes.
    pub plane_channels: &'static [&'static str],
    /// Rows of each plane.
    pub plane_rows: usize,
    /// Columns of each plane.
    pub plane_cols: usize,
}

impl ObsSpec {
    /// Shape of the entity tensor.
    pub fn entity_shape(&self) -> (usize, usize) {
        (self.max_entities, self.entity_features.len())
    }
    /// Shape of the planes.
    pub fn plane_shape(&self) -> (usize, usize, usize) {
        (self.plane_channels.len(), self.plane_rows, self.plane_cols)
    }
    /// Index of a named entity feature.
    pub fn entity_index(&self, name: &str) -> Option<usize> {
        self.entity_features.iter().position(|n| *n == name)
    }
    /// Index of a named global feature.
    pub fn global_index(&self, name: &str) -> Option<usize> {
        self.global_features.iter().position(|n| *n == name)
    }
    /// Index of a named plane.
    pub fn plane_index(&self, name: &str) -> Option<usize> {
        self.plane_channels.iter().position(|n| *n == name)
    }
}

/// One player's observation; allocate once with [`Observation::new`] and reuse.
#[derive(Debug, Clone, PartialEq)]
pub struct Observation {
    /// `[max_entities, entity_features]`.
    pub entities: Array2<f32>,
    /// `[global_features]`.
    pub global: Array1<f32>,
    /// `[channels, rows, cols]`.
    pub planes: Array3<f32>,
}

impl Observation {
    /// Zeroed tensors of the spec's shapes.
    pub fn new(spec: &ObsSpec) -> Self {
        Self {
            entities: Array2::zeros(spec.entity_shape()),
            global: Array1::zeros(spec.global_features.len()),
            planes: Array3::zeros(spec.plane_shape()),
        }
    }

    /// Sets every entry to zero, keeping the allocations.
    pub fn clear(&mut self) {
        self.entities.fill(0.0);
        self.global.fill(0.0);
        self.planes.fill(0.0);
    }

    /// Whether every entry is finite.
    pub fn all_finite(&self) -> bool {
        self.entities
            .iter()
            .chain(self.global.iter())
            .chain(self.planes.iter())
            .all(|x| x.is_finite())
    }

    /// Whether the shapes match `spec`.
    pub fn matches(&self, spec: &ObsSpec) -> bool {
        self.entities.dim() == spec.entity_shape()
            && self.global.len() == spec.global_features.len()
            && self.planes.dim() == spec.plane_shape()
    }
}
