"""Parts of the play scene: layout, animations, computer turns, drawing."""
