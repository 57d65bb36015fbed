"""The interface language: JudgeDesk's own translation and Qt's, chosen at start."""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from judgedesk.resources import resource_path

log = logging.getLogger(__name__)

# The languages offered, by code, with their names in their own language.
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}


def pick_language(preference: str, system: str | None = None) -> str:
    """The language to use: the preference if offered, else the system's if offered."""
    if preference in LANGUAGES:
        return preference
    name = system if system is not None else QLocale.system().name()
    if name.startswith("zh"):
        return "zh_CN"
    return "en"


def install_translators(app: QCoreApplication, preference: str = "") -> str:
    """Load the translations for ``preference`` (empty: the system's); return the code.

    The translators are parented to ``app`` so they live as long as it does.
    """
    language = pick_language(preference)
    QLocale.setDefault(QLocale(language))
    if language == "en":
        return language
    folder = resource_path("translations")
    ours = QTranslator(app)
    if ours.load(f"judgedesk_{language}", str(folder)):
        app.installTranslator(ours)
    else:
        log.warning("no JudgeDesk translation for %s in %s", language, folder)
    qt = QTranslator(app)
    qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt.load(f"qtbase_{language}", qt_folder):
        app.installTranslator(qt)
    return language
