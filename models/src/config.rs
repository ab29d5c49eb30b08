//! The network's sizes: a serde struct so a run's config file can set them and a checkpoint
//! can record them.

use serde::{Deserialize, Serialize};

/// Sizes of the network. Two networks with the same config and the same observation spec
/// have the same parameter names and shapes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct NetConfig {
    /// Width of the entity embedding (and of the attention layer).
    pub embed_dim: usize,
    /// Attention heads; `embed_dim` must be a multiple. 0 means no attention layer: the
    /// entity set is pooled straight after the per-entity MLP.
    pub heads: usize,
    /// Width of the global-vector MLP and of the trunk.
    pub hidden_dim: usize,
    /// Width of the value head's hidden layer.
    pub value_hidden: usize,
    /// Whether the trunk also sees every entity row's embedding in row order, not only the
    /// pooled set. Pooling forgets which row is which, yet a catalogue names ships by slot
    /// (`ship:3`, a target): without this the policy cannot tell which ship an action
    /// means. Off in the networks trained before it, so their checkpoints load unchanged.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub slots: bool,
    /// Whether each ship also hears every other ship's embedding with where that ship lies
    /// from it: the offset turned into its own heading's frame, the distance and the
    /// relative heading (from the `x`, `y`, `heading_sin` and `heading_cos` entity
    /// features, so only for rulesets on the plane). Absolute coordinates leave a network
    /// to learn rotations itself; the doctrines it imitates steer by bearings.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub relative: bool,
}

impl Default for NetConfig {
    fn default() -> Self {
        Self {
            embed_dim: 64,
            heads: 4,
            hidden_dim: 128,
            value_hidden: 64,
            slots: false,
            relative: false,
        }
    }
}

impl NetConfig {
    /// A tiny network for tests.
    pub fn tiny() -> Self {
        Self {
            embed_dim: 16,
            heads: 2,
            hidden_dim: 32,
            value_hidden: 16,
            slots: false,
            relative: false,
        }
    }

    /// Checks the sizes fit together.
    pub fn validate(&self) -> Result<(), String> {
        if self.embed_dim == 0 || self.hidden_dim == 0 || self.value_hidden == 0 {
            return Err("embed_dim, hidden_dim and value_hidden must be positive".into());
        }
        if self.heads > 0 && !self.embed_dim.is_multiple_of(self.heads) {
            return Err(format!(
                "embed_dim {} is not a multiple of heads {}",
                self.embed_dim, self.heads
            ));
        }
        Ok(())
    }
}
