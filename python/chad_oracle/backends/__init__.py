"""One table per tool: how the shared translator spells each primitive in that tool."""
