"""The modes of each tool, one adapter command each (adapters/<tool>/)."""
