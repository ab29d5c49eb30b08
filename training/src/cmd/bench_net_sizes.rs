//! The network sizes `broadside bench --net-size` names (no libtorch needed to parse them).

use broadside_models::NetConfig;

/// The network sizes `--net-size` names.
pub fn net_size(name: &str) -> Option<NetConfig> {
    match name {
        "tiny" => Some(NetConfig::tiny()),
        "default" => Some(NetConfig::default()),
        // About a million parameters on WS&IM.
        "1m" => Some(NetConfig {
            embed_dim: 128,
            heads: 4,
            hidden_dim: 512,
            value_hidden: 256,
            slots: false,
            relative: false,
        }),
        _ => None,
    }
}
