"""The Qt-free core of JudgeDesk: datasets, templates, parsers, projects and the pipeline."""
