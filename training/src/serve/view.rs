//! A ruleset's views for the browser, behind one object-safe trait: the server holds games of
//! every ruleset side by side and reaches each one's [`RulesetUi`] through [`Viewer`].

use anyhow::Result;
use broadside_env::game::Action;
use broadside_env::ruleset::{AnyGame, AnyScenario};

use crate::board::{Area, Board};
use crate::screens::{RulesetUi, WithUi};

/// What the server asks of a ruleset's screens, for any game.
pub trait Viewer: Send {
    /// The position as the page draws it.
    fn board(&self, g: &AnyGame) -> Result<Board>;
    /// The fields of fire of ship `ship`.
    fn fields(&self, g: &AnyGame, ship: usize) -> Result<Vec<Area>>;
    /// What the legal order `action` does, in the words of the ruleset's order list.
    fn order_text(&self, g: &AnyGame, action: Action) -> Result<String>;
    /// The ship the legal order `action` is for, if the ruleset says.
    fn order_ship(&self, g: &AnyGame, action: Action) -> Result<Option<usize>>;
    /// Why `action` is not a legal order now, naming the rule, if the ruleset says.
    fn refusal(&self, g: &AnyGame, action: Action) -> Result<Option<String>>;
    /// Log lines for `action`, which turned `before` into `after` (every die result included).
    fn narrate(&mut self, before: &AnyGame, action: Action, after: &AnyGame)
        -> Result<Vec<String>>;
    /// The result of the game (or how it stands) in words.
    fn result_text(&self, g: &AnyGame) -> Result<String>;
    /// The names of side 0 and side 1.
    fn sides(&self) -> [String; 2];
    /// The ruleset's help on its orders.
    fn help(&self) -> String;
}

/// The browser's views of `scenario` for a person commanding side `viewer`, with the screens
/// of its ruleset.
pub fn viewer(scenario: &AnyScenario, viewer: u8) -> Result<Box<dyn Viewer>> {
    crate::screens::with_ui(scenario, ViewerTask { scenario, viewer })
}

/// Builds the [`Viewer`] of a ruleset's screens.
struct ViewerTask<'a> {
    scenario: &'a AnyScenario,
    viewer: u8,
}

impl WithUi for ViewerTask<'_> {
    type Output = Result<Box<dyn Viewer>>;

    fn run<U>(self) -> Self::Output
    where
        U: RulesetUi + Send + 'static,
        U::State: broadside_agents::KnownAgents,
    {
        Ok(Box::new(UiViewer(U::new(self.scenario, self.viewer)?)))
    }
}

/// A ruleset's [`RulesetUi`] as a [`Viewer`].
#[derive(Debug)]
pub struct UiViewer<U>(pub U);

impl<U: RulesetUi + Send> Viewer for UiViewer<U> {
    fn board(&self, g: &AnyGame) -> Result<Board> {
        Ok(self.0.board((U::STATE)(g)?))
    }

    fn fields(&self, g: &AnyGame, ship: usize) -> Result<Vec<Area>> {
        Ok(self.0.fields((U::STATE)(g)?, ship))
    }

    fn order_text(&self, g: &AnyGame, action: Action) -> Result<String> {
        Ok(self.0.order_text((U::STATE)(g)?, action))
    }

    fn order_ship(&self, g: &AnyGame, action: Action) -> Result<Option<usize>> {
        Ok(self.0.order_ship((U::STATE)(g)?, action))
    }

    fn refusal(&self, g: &AnyGame, action: Action) -> Result<Option<String>> {
        Ok(self.0.refusal((U::STATE)(g)?, action))
    }

    fn narrate(
        &mut self,
        before: &AnyGame,
        action: Action,
        after: &AnyGame,
    ) -> Result<Vec<String>> {
        let (b, a) = ((U::STATE)(before)?, (U::STATE)(after)?);
        Ok(self.0.narrate(b, action, a))
    }

    fn result_text(&self, g: &AnyGame) -> Result<String> {
        Ok(self.0.result((U::STATE)(g)?).1)
    }

    fn sides(&self) -> [String; 2] {
        self.0.roster().sides.clone()
    }

    fn help(&self) -> String {
        (U::HELP)()
    }
}
