"""Every sentence the core says with ``say`` (core.messages), for lupdate.

Made by tools/translations.py from the code: do not edit; run the tool after changing a
sentence. The interface translates them in the context "core" (see ``core_strings``).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

MESSAGES = (
    QT_TRANSLATE_NOOP("core", "{who}: {url} answers ({ms} ms) and offers '{model}'."),  # check.answers
    QT_TRANSLATE_NOOP("core", 'The baseline model'),  # check.baseline
    QT_TRANSLATE_NOOP("core", 'The candidate model'),  # check.candidate
    QT_TRANSLATE_NOOP("core", "Judge '{name}'"),  # check.judge
    QT_TRANSLATE_NOOP("core", "{who}: {url} answers ({ms} ms) but lists no model, so whether it offers '{model}' is not known."),  # check.lists_none
    QT_TRANSLATE_NOOP("core", '{who}: {file} can be loaded here.'),  # check.loadable
    QT_TRANSLATE_NOOP("core", '{models} and {count} more'),  # check.more
    QT_TRANSLATE_NOOP("core", '{answers} But \'{model}\' gives no token probabilities here: its verdicts will be the ones it wrote, marked "no probabilities from this server". Use a server that returns logprobs (vLLM, SGLang, llama.cpp, OpenAI), or turn probabilities off for this judge.'),  # check.no_probabilities
    QT_TRANSLATE_NOOP("core", "The judges' servers were not asked whether they answer: this project waits for the approvals above. Nothing was sent."),  # check.not_asked
    QT_TRANSLATE_NOOP("core", "{who}: {url} does not offer the model '{model}'. It offers {offered}. Correct the model name, or load the model on the server."),  # check.not_offered
    QT_TRANSLATE_NOOP("core", '{project}: not runnable ({count} problems).'),  # check.not_runnable
    QT_TRANSLATE_NOOP("core", '{project}: not runnable (1 problem).'),  # check.not_runnable_one
    QT_TRANSLATE_NOOP("core", 'The judges were not asked (--offline).'),  # check.offline
    QT_TRANSLATE_NOOP("core", "{answers} It gives its tokens' probabilities ({count} alternatives at a token), so the verdicts' probabilities can be read."),  # check.probabilities
    QT_TRANSLATE_NOOP("core", "{answers} Whether '{model}' gives its tokens' probabilities is not known: asking it failed ({problem})."),  # check.probabilities_unknown
    QT_TRANSLATE_NOOP("core", '{severity}: {message}'),  # check.problem
    QT_TRANSLATE_NOOP("core", '{project}: ready to run.'),  # check.ready
    QT_TRANSLATE_NOOP("core", '{project}: not ready to run: {count} approvals wait (see above); `judgedesk run` refuses until then.'),  # check.waiting
    QT_TRANSLATE_NOOP("core", '{project}: not ready to run: 1 approval waits (see above); `judgedesk run` refuses until then.'),  # check.waiting_one
    QT_TRANSLATE_NOOP("core", '{who}: {problem}'),  # check.who
    QT_TRANSLATE_NOOP("core", "The manifest is {manifest}. Run the files on a batch API or with vLLM's run_batch, then: {command}"),  # cli.batch.then_import
    QT_TRANSLATE_NOOP("core", 'Run `judgedesk run {dir}`: the replies imported are not asked again.'),  # cli.batch.then_run
    QT_TRANSLATE_NOOP("core", 'Adopted {name}: the other candidates are disabled, not deleted.'),  # cli.calibrate.adopted
    QT_TRANSLATE_NOOP("core", '1 call'),  # cli.calibrate.call_one
    QT_TRANSLATE_NOOP("core", '{count} calls'),  # cli.calibrate.calls
    QT_TRANSLATE_NOOP("core", ', cost about {cost}'),  # cli.calibrate.cost_about
    QT_TRANSLATE_NOOP("core", ', cost at most {cost}'),  # cli.calibrate.cost_most
    QT_TRANSLATE_NOOP("core", 'Estimate: {rows}, {calls} to make ({stored} stored), about {tokens} tokens{cost}{seconds}.'),  # cli.calibrate.estimate
    QT_TRANSLATE_NOOP("core", '{count} labelled rows'),  # cli.calibrate.labelled_many
    QT_TRANSLATE_NOOP("core", '1 labelled row'),  # cli.calibrate.labelled_one
    QT_TRANSLATE_NOOP("core", 'Nothing added: {problem}'),  # cli.calibrate.nothing_added
    QT_TRANSLATE_NOOP("core", 'Added the candidate {name} ({file}). Measure it with `judgedesk calibrate {dir}`; it is never adopted by itself.'),  # cli.calibrate.revision_added
    QT_TRANSLATE_NOOP("core", '{model} read {count} of the rows of the tuning part where {judge} disagrees with people (none of the test part).'),  # cli.calibrate.revision_read
    QT_TRANSLATE_NOOP("core", ', about {seconds} s'),  # cli.calibrate.seconds
    QT_TRANSLATE_NOOP("core", 'Wrote {count} rows to {path}'),  # cli.export.wrote
    QT_TRANSLATE_NOOP("core", 'Wrote 1 row to {path}'),  # cli.export.wrote_one
    QT_TRANSLATE_NOOP("core", 'The {count} rows the judge was least sure of.'),  # cli.review.least_sure
    QT_TRANSLATE_NOOP("core", 'The row the judge was least sure of.'),  # cli.review.least_sure_one
    QT_TRANSLATE_NOOP("core", 'not imported. {why}'),  # cli.review.not_imported
    QT_TRANSLATE_NOOP("core", 'Review these rows in the window (Review › the random sample, blind), or give their verdicts with `judgedesk review import`; `judgedesk report {dir}` then gives each figure corrected by them.'),  # cli.review.sample_advice
    QT_TRANSLATE_NOOP("core", 'Send each reviewer their file; they open it in JudgeDesk, review, and send it back. Then: {command}'),  # cli.review.send_packs
    QT_TRANSLATE_NOOP("core", 'Run `judgedesk report {dir}` for how far people agree, and the judge with them.'),  # cli.review.then_report
    QT_TRANSLATE_NOOP("core", 'Model files:'),  # cli.servers.files
    QT_TRANSLATE_NOOP("core", "No model file found in LM Studio's or Ollama's folders. Download a .gguf model (e.g. from Hugging Face) to judge with a model file."),  # cli.servers.no_files
    QT_TRANSLATE_NOOP("core", '(no model loaded)'),  # cli.servers.no_model
    QT_TRANSLATE_NOOP("core", "No server answered. Start one (`ollama serve`, LM Studio's local server, or `llama-server -m <model.gguf>`) and ask again."),  # cli.servers.none
    QT_TRANSLATE_NOOP("core", 'port {port}'),  # cli.servers.port
    QT_TRANSLATE_NOOP("core", '{title} at {url} ({ms} ms)'),  # cli.servers.server
    QT_TRANSLATE_NOOP("core", 'Servers:'),  # cli.servers.servers
    QT_TRANSLATE_NOOP("core", 'the answer compared with the reference'),  # cli.templates.against_reference
    QT_TRANSLATE_NOOP("core", '{what}, multi-turn'),  # cli.templates.multi_turn
    QT_TRANSLATE_NOOP("core", 'one answer'),  # cli.templates.one_answer
    QT_TRANSLATE_NOOP("core", 'two answers compared'),  # cli.templates.pairwise
    QT_TRANSLATE_NOOP("core", 'Scenes of multidim_json (judgedesk new … --scene ID), dimensions in weight order:'),  # cli.templates.scenes
    QT_TRANSLATE_NOOP("core", '{what}, single-turn'),  # cli.templates.single_turn
    QT_TRANSLATE_NOOP("core", 'one answer, with the reference'),  # cli.templates.with_reference
    QT_TRANSLATE_NOOP("core", '{count} rows'),  # core.rows.many
    QT_TRANSLATE_NOOP("core", '1 row'),  # core.rows.one
    QT_TRANSLATE_NOOP("core", '{total} lines in the dataset, {count} could not be read: lines {numbers} — see `judgedesk check`'),  # dataset.unreadable
    QT_TRANSLATE_NOOP("core", '{problem} {advice}'),  # judge.advice
    QT_TRANSLATE_NOOP("core", '{url} refused the request ({code})'),  # judge.auth
    QT_TRANSLATE_NOOP("core", "The API key is wrong or has no access: check the judge's API key."),  # judge.auth.key
    QT_TRANSLATE_NOOP("core", "No API key was sent, and this server needs one: set the judge's API key."),  # judge.auth.no_key
    QT_TRANSLATE_NOOP("core", '{url} refused the request'),  # judge.auth.plain
    QT_TRANSLATE_NOOP("core", '{url} answered, but not in the OpenAI chat format'),  # judge.bad_reply
    QT_TRANSLATE_NOOP("core", 'Check that the address points to an OpenAI-compatible endpoint (it usually ends with /v1), then retry the failed rows.'),  # judge.bad_reply.advice
    QT_TRANSLATE_NOOP("core", "The secure (https) connection to {url} failed because its certificate was not accepted. Check the computer's date and time; for a server with a self-signed certificate, install that certificate or use http:// on a local network."),  # judge.certificate
    QT_TRANSLATE_NOOP("core", 'The streamed reply from {url} stopped before it was complete'),  # judge.cut_stream
    QT_TRANSLATE_NOOP("core", 'The server may have crashed or hit a limit: retry the failed rows, or turn streaming off for this judge.'),  # judge.cut_stream.advice
    QT_TRANSLATE_NOOP("core", '{sentence}: {detail}.'),  # judge.detail
    QT_TRANSLATE_NOOP("core", 'The computer named in {url} could not be found. Check the spelling of the address and the network connection.'),  # judge.dns
    QT_TRANSLATE_NOOP("core", 'The call to {url} failed'),  # judge.failed
    QT_TRANSLATE_NOOP("core", "{url} did not answer in time. A local model may still be loading or be too slow for this request: wait and try again, or raise the judge's timeout."),  # judge.late
    QT_TRANSLATE_NOOP("core", '{url}/models was not found ({code}). Check the address: this server may not offer the OpenAI-compatible API at this path.'),  # judge.models_missing
    QT_TRANSLATE_NOOP("core", '{url}/models was not found ({code}). The URL is probably missing /v1: try {fixed}.'),  # judge.models_no_v1
    QT_TRANSLATE_NOOP("core", '{url} answered not found ({code})'),  # judge.not_found
    QT_TRANSLATE_NOOP("core", "Check the judge's model name."),  # judge.not_found.model
    QT_TRANSLATE_NOOP("core", '{url} answered not found'),  # judge.not_found.plain
    QT_TRANSLATE_NOOP("core", "Check the judge's model name and that the URL ends with /v1."),  # judge.not_found.v1
    QT_TRANSLATE_NOOP("core", 'This does not look like an OpenAI-compatible server: {url}/models answered without a list of models. Check the address (it usually ends with /v1).'),  # judge.not_openai
    QT_TRANSLATE_NOOP("core", '{url} is limiting how fast requests may be sent ({code})'),  # judge.rate_limited
    QT_TRANSLATE_NOOP("core", "Lower the judge's concurrency or set a rate limit (requests per minute), then retry the failed rows."),  # judge.rate_limited.advice
    QT_TRANSLATE_NOOP("core", '{url} is limiting how fast requests may be sent'),  # judge.rate_limited.plain
    QT_TRANSLATE_NOOP("core", "{url} redirected the request to {target}. Use that address as the judge's base URL."),  # judge.redirect
    QT_TRANSLATE_NOOP("core", 'Nothing answered at {url}. Is the server running?{hint} Check the address and the port number.'),  # judge.refused
    QT_TRANSLATE_NOOP("core", '{url} rejected the request ({code})'),  # judge.rejected
    QT_TRANSLATE_NOOP("core", "Check the judge's model name and its generation parameters."),  # judge.rejected.advice
    QT_TRANSLATE_NOOP("core", '{url} rejected the request'),  # judge.rejected.plain
    QT_TRANSLATE_NOOP("core", 'The connection to {url} was closed before the reply was complete. The server may have crashed or restarted; check that it is still running and look at its log.'),  # judge.reset
    QT_TRANSLATE_NOOP("core", '{sentence}.'),  # judge.sentence
    QT_TRANSLATE_NOOP("core", 'The server at {url} failed ({code})'),  # judge.server
    QT_TRANSLATE_NOOP("core", 'It may be overloaded or out of memory: check its log, then retry the failed rows.'),  # judge.server.advice
    QT_TRANSLATE_NOOP("core", 'The server at {url} failed'),  # judge.server.no_code
    QT_TRANSLATE_NOOP("core", ' ({hint})'),  # judge.start_hint
    QT_TRANSLATE_NOOP("core", "{url} did not answer within {seconds} seconds. A local model may still be loading or be too slow for this request: wait and try again, or raise the judge's timeout."),  # judge.timeout
    QT_TRANSLATE_NOOP("core", 'A secure (https) connection to {url} could not be set up. If this is a local server, it probably speaks plain http: change https:// to http://.'),  # judge.tls
    QT_TRANSLATE_NOOP("core", '{problem} (Tried {attempts} times.)'),  # judge.tried
    QT_TRANSLATE_NOOP("core", "The template's verdict format was not recognised, so its verdicts could not be read: add --parser NAME (one of: {parsers}) or a verdict rule (--verdict-pattern or --verdict-path)."),  # new.no_reader
    QT_TRANSLATE_NOOP("core", '{baseline} is 1000'),  # report.arena.anchor_baseline
    QT_TRANSLATE_NOOP("core", "the scores' mean is 1000"),  # report.arena.anchor_mean
    QT_TRANSLATE_NOOP("core", 'baseline'),  # report.arena.baseline
    QT_TRANSLATE_NOOP("core", "The baseline {baseline} was in no battle, so the scores' mean is 1000."),  # report.arena.baseline_absent
    QT_TRANSLATE_NOOP("core", '(1 battle)'),  # report.arena.battle_one
    QT_TRANSLATE_NOOP("core", '({battles} battles)'),  # report.arena.battles
    QT_TRANSLATE_NOOP("core", 'No score: it was in no battle.'),  # report.arena.no_battles
    QT_TRANSLATE_NOOP("core", 'No score: none of its battles was judged ({silent} left out for a missing answer, {unjudged} without a verdict). Give its answers, or run the project again.'),  # report.arena.no_score
    QT_TRANSLATE_NOOP("core", 'Bradley–Terry scores on the Elo scale ({anchor}; 400 points a factor of 10 in the odds) from {rows} rows judged on {pairing}, with 95 % intervals from a bootstrap of {rounds} rounds (seed {seed}).'),  # report.arena.note
    QT_TRANSLATE_NOOP("core", '{note} Left out: {no_answer} battles where a model gave no answer, {not_judged} without a verdict.'),  # report.arena.note_left_out
    QT_TRANSLATE_NOOP("core", '{note} {warning}'),  # report.arena.note_warning
    QT_TRANSLATE_NOOP("core", 'every pair'),  # report.arena.pairing_all
    QT_TRANSLATE_NOOP("core", 'each model against the baseline'),  # report.arena.pairing_baseline
    QT_TRANSLATE_NOOP("core", '{first} {second}'),  # report.arena.two_notes
    QT_TRANSLATE_NOOP("core", 'Some models won every battle against the rest (or lost every one), so no finite score fits them: their scores are held at most 4,000 apart. Add battles they can lose (or win).'),  # report.arena.unbeaten
    QT_TRANSLATE_NOOP("core", 'Some models never met the others, even through other models: scores compare only within each group that met. Add battles between the groups.'),  # report.arena.unlinked
    QT_TRANSLATE_NOOP("core", ', wins {share} against the baseline'),  # report.arena.wins_baseline
    QT_TRANSLATE_NOOP("core", 'agree'),  # report.calibration.column_agree
    QT_TRANSLATE_NOOP("core", 'failed'),  # report.calibration.column_failed
    QT_TRANSLATE_NOOP("core", 'κ 95% interval'),  # report.calibration.column_interval
    QT_TRANSLATE_NOOP("core", 'judge'),  # report.calibration.column_judge
    QT_TRANSLATE_NOOP("core", 'part'),  # report.calibration.column_part
    QT_TRANSLATE_NOOP("core", 'unread'),  # report.calibration.column_unread
    QT_TRANSLATE_NOOP("core", ', cost {cost}'),  # report.calibration.cost
    QT_TRANSLATE_NOOP("core", 'Calibration on {count} rows people gave a verdict on: {tuning} for tuning, {test} for the test (share {share}, seed {seed}).'),  # report.calibration.head
    QT_TRANSLATE_NOOP("core", 'labels'),  # report.calibration.kind_labels
    QT_TRANSLATE_NOOP("core", 'scores'),  # report.calibration.kind_scores
    QT_TRANSLATE_NOOP("core", 'No candidate can be proposed: none has a κ on the tuning rows.'),  # report.calibration.none
    QT_TRANSLATE_NOOP("core", "Judge '{name}' gives {judge} while people gave {people}: its verdicts cannot be compared with theirs. Calibrate judges whose verdicts are of the people's kind."),  # report.calibration.other_kind
    QT_TRANSLATE_NOOP("core", 'test'),  # report.calibration.part_test
    QT_TRANSLATE_NOOP("core", 'tuning'),  # report.calibration.part_tuning
    QT_TRANSLATE_NOOP("core", '{indent}{problem}'),  # report.calibration.problem
    QT_TRANSLATE_NOOP("core", 'Proposed: {name} (best κ on the tuning rows; the test rows say what to expect from it).'),  # report.calibration.proposed
    QT_TRANSLATE_NOOP("core", ', {seconds} s'),  # report.calibration.seconds
    QT_TRANSLATE_NOOP("core", '{indent}{calls} calls ({cached} stored), {tokens} tokens{cost}{spent}'),  # report.calibration.usage
    QT_TRANSLATE_NOOP("core", "The people's consensus on a row is the mean of the scores people gave."),  # report.consensus.mean
    QT_TRANSLATE_NOOP("core", "The people's consensus on a row is the verdict most people gave (rows where they are split evenly are left out)."),  # report.consensus.most
    QT_TRANSLATE_NOOP("core", 'Accuracy'),  # report.html.accuracy
    QT_TRANSLATE_NOOP("core", 'Person and judge agree'),  # report.html.agreed
    QT_TRANSLATE_NOOP("core", 'Agreed'),  # report.html.agreed_head
    QT_TRANSLATE_NOOP("core", 'Agreement'),  # report.html.agreement
    QT_TRANSLATE_NOOP("core", "Krippendorff's alpha ({level}) across {raters}"),  # report.html.alpha
    QT_TRANSLATE_NOOP("core", 'Rows to look at'),  # report.html.attention
    QT_TRANSLATE_NOOP("core", 'Disagreements between the person and the judge, flagged rows, errors and unreadable verdicts.'),  # report.html.attention_note
    QT_TRANSLATE_NOOP("core", 'Moved away from people'),  # report.html.away
    QT_TRANSLATE_NOOP("core", 'Battles'),  # report.html.battles
    QT_TRANSLATE_NOOP("core", 'Agrees best'),  # report.html.best
    QT_TRANSLATE_NOOP("core", 'By {field}'),  # report.html.by
    QT_TRANSLATE_NOOP("core", "Agreement with people by the judge's confidence"),  # report.html.by_confidence
    QT_TRANSLATE_NOOP("core", 'Reviewed by hand'),  # report.html.by_hand
    QT_TRANSLATE_NOOP("core", 'Rows judged differently'),  # report.html.changed
    QT_TRANSLATE_NOOP("core", "Cohen's kappa"),  # report.html.cohen
    QT_TRANSLATE_NOOP("core", "Human label combining several reviewers'"),  # report.html.combined
    QT_TRANSLATE_NOOP("core", 'Run {first} compared with run {second}'),  # report.html.compared
    QT_TRANSLATE_NOOP("core", 'Confidence and agreement with people'),  # report.html.confidence
    QT_TRANSLATE_NOOP("core", 'Confidence'),  # report.html.confidence_head
    QT_TRANSLATE_NOOP("core", "Over the {rows} reviewed rows whose verdict was read with its probabilities: how often people gave the verdict, by how sure the judge was. A calibrated judge's bars reach the diagonal. Expected calibration error: {ece}."),  # report.html.confidence_note
    QT_TRANSLATE_NOOP("core", 'Confusion matrix, {title}'),  # report.html.confusion
    QT_TRANSLATE_NOOP("core", 'Corrected by the random sample'),  # report.html.corrected
    QT_TRANSLATE_NOOP("core", '{figure}, corrected'),  # report.html.corrected_bar
    QT_TRANSLATE_NOOP("core", '{figure}: the judge alone beside the figure corrected by the random sample'),  # report.html.corrected_chart
    QT_TRANSLATE_NOOP("core", 'Human label decided where reviewers disagreed'),  # report.html.decided
    QT_TRANSLATE_NOOP("core", 'Dimensions'),  # report.html.dimensions
    QT_TRANSLATE_NOOP("core", 'Person and judge disagree'),  # report.html.disagreed
    QT_TRANSLATE_NOOP("core", 'Distribution'),  # report.html.distribution
    QT_TRANSLATE_NOOP("core", 'errors'),  # report.html.errors
    QT_TRANSLATE_NOOP("core", 'Exact agreement'),  # report.html.exact
    QT_TRANSLATE_NOOP("core", 'Figure'),  # report.html.figure
    QT_TRANSLATE_NOOP("core", '{figure}, run {run}'),  # report.html.figure_of_run
    QT_TRANSLATE_NOOP("core", 'First used (UTC)'),  # report.html.first_used
    QT_TRANSLATE_NOOP("core", 'Answer shown first won'),  # report.html.first_won
    QT_TRANSLATE_NOOP("core", 'Flag'),  # report.html.flag
    QT_TRANSLATE_NOOP("core", 'Flagged'),  # report.html.flagged
    QT_TRANSLATE_NOOP("core", 'Human label from the dataset only'),  # report.html.from_dataset
    QT_TRANSLATE_NOOP("core", 'Group'),  # report.html.group
    QT_TRANSLATE_NOOP("core", '{title}: {figure}'),  # report.html.group_chart
    QT_TRANSLATE_NOOP("core", 'Agreement history'),  # report.html.history
    QT_TRANSLATE_NOOP("core", "Each version of a judge (a short hash of its template, system prompt, verdict reading, model and parameters) against people's verdicts on the same rows, newest first. Rows that moved are counted against the version before."),  # report.html.history_note
    QT_TRANSLATE_NOOP("core", 'How often each verdict was given'),  # report.html.how_often
    QT_TRANSLATE_NOOP("core", 'Id'),  # report.html.id
    QT_TRANSLATE_NOOP("core", 'Rows in both runs'),  # report.html.in_both
    QT_TRANSLATE_NOOP("core", '95% interval'),  # report.html.interval
    QT_TRANSLATE_NOOP("core", 'Judge'),  # report.html.judge
    QT_TRANSLATE_NOOP("core", '{figure}, judge alone'),  # report.html.judge_alone
    QT_TRANSLATE_NOOP("core", 'Judges'),  # report.html.judges
    QT_TRANSLATE_NOOP("core", 'Kappa is agreement beyond what chance would give: 0 is chance, 1 is perfect. Each figure counts the rows both raters gave a verdict for.'),  # report.html.kappa
    QT_TRANSLATE_NOOP("core", 'Kappa, linear weights'),  # report.html.kappa_linear
    QT_TRANSLATE_NOOP("core", 'Kappa, quadratic weights'),  # report.html.kappa_quadratic
    QT_TRANSLATE_NOOP("core", 'en'),  # report.html.lang
    QT_TRANSLATE_NOOP("core", 'latest result of each row'),  # report.html.latest
    QT_TRANSLATE_NOOP("core", 'Leaderboard'),  # report.html.leaderboard
    QT_TRANSLATE_NOOP("core", 'Dataset lines left out'),  # report.html.left_out
    QT_TRANSLATE_NOOP("core", 'Longer answer won'),  # report.html.longer_won
    QT_TRANSLATE_NOOP("core", 'Losses'),  # report.html.losses
    QT_TRANSLATE_NOOP("core", '{what}; made {when} UTC with JudgeDesk.'),  # report.html.made
    QT_TRANSLATE_NOOP("core", 'Mean score'),  # report.html.mean
    QT_TRANSLATE_NOOP("core", 'Mean absolute difference'),  # report.html.mean_abs
    QT_TRANSLATE_NOOP("core", 'Mean confidence'),  # report.html.mean_confidence
    QT_TRANSLATE_NOOP("core", 'Model'),  # report.html.model
    QT_TRANSLATE_NOOP("core", '… and {count} more rows.'),  # report.html.more
    QT_TRANSLATE_NOOP("core", 'Note or error'),  # report.html.note
    QT_TRANSLATE_NOOP("core", 'Note'),  # report.html.note_head
    QT_TRANSLATE_NOOP("core", 'ok'),  # report.html.ok
    QT_TRANSLATE_NOOP("core", '… and 1 more row.'),  # report.html.one_more
    QT_TRANSLATE_NOOP("core", 'People and the judge'),  # report.html.people
    QT_TRANSLATE_NOOP("core", 'Person'),  # report.html.person
    QT_TRANSLATE_NOOP("core", 'Person agrees with judge'),  # report.html.person_agrees
    QT_TRANSLATE_NOOP("core", 'Rank'),  # report.html.rank
    QT_TRANSLATE_NOOP("core", 'judge'),  # report.html.rater_judge
    QT_TRANSLATE_NOOP("core", 'judge (win/tie/loss)'),  # report.html.rater_judge_outcome
    QT_TRANSLATE_NOOP("core", 'person'),  # report.html.rater_person
    QT_TRANSLATE_NOOP("core", 'person (win/tie/loss)'),  # report.html.rater_person_outcome
    QT_TRANSLATE_NOOP("core", 'the judge alone; 95% interval by bootstrap over {n} rows'),  # report.html.rests_bootstrap
    QT_TRANSLATE_NOOP("core", 'the judge alone; 95% interval by normal approximation over {n} rows'),  # report.html.rests_normal
    QT_TRANSLATE_NOOP("core", 'Rests on'),  # report.html.rests_on
    QT_TRANSLATE_NOOP("core", 'Review'),  # report.html.review
    QT_TRANSLATE_NOOP("core", 'Row'),  # report.html.row
    QT_TRANSLATE_NOOP("core", 'Rows'),  # report.html.rows
    QT_TRANSLATE_NOOP("core", 'Rows compared'),  # report.html.rows_compared
    QT_TRANSLATE_NOOP("core", 'run {run}'),  # report.html.run
    QT_TRANSLATE_NOOP("core", 'Run {run}'),  # report.html.run_head
    QT_TRANSLATE_NOOP("core", 'Runs'),  # report.html.runs
    QT_TRANSLATE_NOOP("core", 'Score'),  # report.html.score
    QT_TRANSLATE_NOOP("core", 'Spearman correlation'),  # report.html.spearman
    QT_TRANSLATE_NOOP("core", "Reviewed before the judge's verdict changed"),  # report.html.stale
    QT_TRANSLATE_NOOP("core", 'Status'),  # report.html.status
    QT_TRANSLATE_NOOP("core", 'Summary'),  # report.html.summary
    QT_TRANSLATE_NOOP("core", 'Ties'),  # report.html.ties
    QT_TRANSLATE_NOOP("core", '{project} — report'),  # report.html.title
    QT_TRANSLATE_NOOP("core", 'True-negative rate'),  # report.html.tnr
    QT_TRANSLATE_NOOP("core", 'Moved toward people'),  # report.html.toward
    QT_TRANSLATE_NOOP("core", 'True-positive rate'),  # report.html.tpr
    QT_TRANSLATE_NOOP("core", 'unparsed'),  # report.html.unparsed
    QT_TRANSLATE_NOOP("core", 'Value'),  # report.html.value
    QT_TRANSLATE_NOOP("core", 'Version'),  # report.html.version
    QT_TRANSLATE_NOOP("core", '{first} vs {second}'),  # report.html.versus
    QT_TRANSLATE_NOOP("core", 'Who'),  # report.html.who
    QT_TRANSLATE_NOOP("core", 'Win rate high'),  # report.html.win_high
    QT_TRANSLATE_NOOP("core", 'Win rate low'),  # report.html.win_low
    QT_TRANSLATE_NOOP("core", 'Win rate'),  # report.html.win_rate
    QT_TRANSLATE_NOOP("core", 'Win rate vs baseline'),  # report.html.win_vs_baseline
    QT_TRANSLATE_NOOP("core", 'Rows with a result'),  # report.html.with_result
    QT_TRANSLATE_NOOP("core", 'yes'),  # report.html.yes
    QT_TRANSLATE_NOOP("core", '{value} (95% CI {low}–{high}, n={n})'),  # report.interval
    QT_TRANSLATE_NOOP("core", 'A better'),  # report.labels.a_better
    QT_TRANSLATE_NOOP("core", 'A much better'),  # report.labels.a_much_better
    QT_TRANSLATE_NOOP("core", 'A wins'),  # report.labels.a_wins
    QT_TRANSLATE_NOOP("core", 'B better'),  # report.labels.b_better
    QT_TRANSLATE_NOOP("core", 'B much better'),  # report.labels.b_much_better
    QT_TRANSLATE_NOOP("core", 'B wins'),  # report.labels.b_wins
    QT_TRANSLATE_NOOP("core", 'correct / incorrect'),  # report.labels.boolean
    QT_TRANSLATE_NOOP("core", 'correct'),  # report.labels.correct
    QT_TRANSLATE_NOOP("core", ', {count} empty'),  # report.labels.empty
    QT_TRANSLATE_NOOP("core", 'incorrect'),  # report.labels.incorrect
    QT_TRANSLATE_NOOP("core", 'labels'),  # report.labels.label
    QT_TRANSLATE_NOOP("core", 'and {count} more'),  # report.labels.more
    QT_TRANSLATE_NOOP("core", 'pairwise verdicts'),  # report.labels.pairwise
    QT_TRANSLATE_NOOP("core", 'Human labels from “{column}” (read as {how}): {read} read{empty}, {unreadable} could not be read'),  # report.labels.read
    QT_TRANSLATE_NOOP("core", 'Read as: {shown}'),  # report.labels.read_as
    QT_TRANSLATE_NOOP("core", '{how}; its numbers are the scale (1 = A much better … 5 = B much better)'),  # report.labels.scale_numbers
    QT_TRANSLATE_NOOP("core", 'scores'),  # report.labels.score
    QT_TRANSLATE_NOOP("core", 'tie'),  # report.labels.tie
    QT_TRANSLATE_NOOP("core", '{count} human labels could not be read: {why}'),  # report.labels.unreadable
    QT_TRANSLATE_NOOP("core", '1 human label could not be read: {why}'),  # report.labels.unreadable_one
    QT_TRANSLATE_NOOP("core", '{how}; its numbers 1 and 2 name the better answer (1 = A, 2 = B)'),  # report.labels.winner_numbers
    QT_TRANSLATE_NOOP("core", 'correct / incorrect'),  # report.level.boolean
    QT_TRANSLATE_NOOP("core", 'interval'),  # report.level.interval
    QT_TRANSLATE_NOOP("core", 'nominal'),  # report.level.nominal
    QT_TRANSLATE_NOOP("core", 'ordinal'),  # report.level.ordinal
    QT_TRANSLATE_NOOP("core", 'ratio'),  # report.level.ratio
    QT_TRANSLATE_NOOP("core", "judge – people's consensus"),  # report.people.judge_consensus
    QT_TRANSLATE_NOOP("core", 'judge – {who}'),  # report.people.judge_vs
    QT_TRANSLATE_NOOP("core", '{count} reviews'),  # report.reviews.many
    QT_TRANSLATE_NOOP("core", '1 review'),  # report.reviews.one
    QT_TRANSLATE_NOOP("core", "The model's reply was cut off inside its template (the fenced block is never closed). Give the model more room (max_tokens) or pick a larger model."),  # report.revision.cut_off
    QT_TRANSLATE_NOOP("core", "The model's reply holds no template in a fenced block (```jinja … ```). Ask again, or pick a model that follows instructions better."),  # report.revision.no_block
    QT_TRANSLATE_NOOP("core", 'The revised template does not compile: {issue}'),  # report.revision.no_compile
    QT_TRANSLATE_NOOP("core", 'The revised template no longer says how the judge writes its verdict, so its replies could not be read. Ask again, or edit it by hand.'),  # report.revision.no_format
    QT_TRANSLATE_NOOP("core", 'The revised template does not render for row {row}: {issue}'),  # report.revision.no_render
    QT_TRANSLATE_NOOP("core", "The revised template asks for another kind of verdict ({after}, not {before}): its verdicts could not be compared with the judge's. Ask again."),  # report.revision.other_kind
    QT_TRANSLATE_NOOP("core", 'The model gave the template back unchanged: nothing to add.'),  # report.revision.unchanged
    QT_TRANSLATE_NOOP("core", 'Nothing can read the verdicts the revised template asks for (it no longer says how the verdict is written). Ask again, or edit it by hand.'),  # report.revision.unreadable
    QT_TRANSLATE_NOOP("core", 'Agree'),  # report.rows.agree
    QT_TRANSLATE_NOOP("core", 'All {count} rows.'),  # report.rows.all
    QT_TRANSLATE_NOOP("core", 'The 1 row.'),  # report.rows.all_one
    QT_TRANSLATE_NOOP("core", 'All'),  # report.rows.any
    QT_TRANSLATE_NOOP("core", 'Disagree'),  # report.rows.disagree
    QT_TRANSLATE_NOOP("core", 'All rows'),  # report.rows.every
    QT_TRANSLATE_NOOP("core", 'Every row'),  # report.rows.heading
    QT_TRANSLATE_NOOP("core", "Search any text, filter, sort by a column's name, and open a row to read everything it holds: its inputs, the prompts, each judge's reply and reasoning, and the review."),  # report.rows.how
    QT_TRANSLATE_NOOP("core", '({count} rows in all)'),  # report.rows.in_all
    QT_TRANSLATE_NOOP("core", '(1 row in all)'),  # report.rows.in_all_one
    QT_TRANSLATE_NOOP("core", 'Next'),  # report.rows.next
    QT_TRANSLATE_NOOP("core", 'No human verdict'),  # report.rows.no_human
    QT_TRANSLATE_NOOP("core", 'No row matches.'),  # report.rows.none
    QT_TRANSLATE_NOOP("core", 'Allow scripts for this page to see the rows; the same rows are in the CSV, XLSX and JSON Lines exports.'),  # report.rows.noscript
    QT_TRANSLATE_NOOP("core", 'not run'),  # report.rows.not_run
    QT_TRANSLATE_NOOP("core", 'Page {page} of {pages}'),  # report.rows.page
    QT_TRANSLATE_NOOP("core", 'Person and judge'),  # report.rows.person
    QT_TRANSLATE_NOOP("core", 'Previous'),  # report.rows.previous
    QT_TRANSLATE_NOOP("core", 'Search rows'),  # report.rows.search
    QT_TRANSLATE_NOOP("core", 'Rows {first}–{last} of {count}'),  # report.rows.shown
    QT_TRANSLATE_NOOP("core", 'Sort by {name}'),  # report.rows.sort
    QT_TRANSLATE_NOOP("core", 'Status'),  # report.rows.status
    QT_TRANSLATE_NOOP("core", ', stratified by {field}'),  # report.sample.by
    QT_TRANSLATE_NOOP("core", 'By category (from the sample rows in each):'),  # report.sample.by_category
    QT_TRANSLATE_NOOP("core", '{title}: judge {judge} · corrected {estimate} (95% CI {low}–{high}, {reviewed} reviewed, {others} not{stratified})'),  # report.sample.corrected
    QT_TRANSLATE_NOOP("core", "Random sample: {rows} (seed {seed}{by}), {reviewed} with people's verdicts"),  # report.sample.heading
    QT_TRANSLATE_NOOP("core", '{count} rows were judged after the sample was drawn: they are not in it, and count here as rows nobody reviewed.'),  # report.sample.later
    QT_TRANSLATE_NOOP("core", '1 row was judged after the sample was drawn: it is not in it, and counts here as a row nobody reviewed.'),  # report.sample.later_one
    QT_TRANSLATE_NOOP("core", '{title}: judge {judge}; review {needed} more sample rows to correct it'),  # report.sample.needs
    QT_TRANSLATE_NOOP("core", '{title}: judge {judge}; review 1 more sample row to correct it'),  # report.sample.needs_one
    QT_TRANSLATE_NOOP("core", "{count} rows outside the sample have people's verdicts: they are not used here, since rows picked by hand are not like the rest."),  # report.sample.outside
    QT_TRANSLATE_NOOP("core", "1 row outside the sample has people's verdicts: it is not used here, since rows picked by hand are not like the rest."),  # report.sample.outside_one
    QT_TRANSLATE_NOOP("core", 'the judge alone over {rows}'),  # report.sample.rests_alone
    QT_TRANSLATE_NOOP("core", "corrected with {reviewed} people's verdicts on the random sample, and the judge's on {others} other rows"),  # report.sample.rests_corrected
    QT_TRANSLATE_NOOP("core", "corrected with {reviewed} people's verdicts on the random sample, stratified, and the judge's on {others} other rows"),  # report.sample.rests_stratified
    QT_TRANSLATE_NOOP("core", ', stratified'),  # report.sample.stratified
    QT_TRANSLATE_NOOP("core", '; ±{target} needs {more} more reviews'),  # report.sample.target
    QT_TRANSLATE_NOOP("core", '; ±{target} needs 1 more review'),  # report.sample.target_one
    QT_TRANSLATE_NOOP("core", "The judge's figure is its own view of every row; the corrected one shifts it by how far people and the judge differ on the sample, so where they differ, the judge alone is off by about that much."),  # report.sample.what_corrected
    QT_TRANSLATE_NOOP("core", '; within ±{target}'),  # report.sample.within
    QT_TRANSLATE_NOOP("core", '{span}: {share} agreed, {rows} rows'),  # report.svg.bin
    QT_TRANSLATE_NOOP("core", '{span}: {share} agreed, 1 row'),  # report.svg.bin_one
    QT_TRANSLATE_NOOP("core", 'Confidence'),  # report.svg.confidence
    QT_TRANSLATE_NOOP("core", 'Accuracy: {value}'),  # report.text.accuracy
    QT_TRANSLATE_NOOP("core", '  after:  {headline}'),  # report.text.after
    QT_TRANSLATE_NOOP("core", ', 95% {low} to {high}'),  # report.text.alpha_interval
    QT_TRANSLATE_NOOP("core", '  before: {headline}'),  # report.text.before
    QT_TRANSLATE_NOOP("core", '  row {row} ({row_id}): {before} → {after}'),  # report.text.change
    QT_TRANSLATE_NOOP("core", 'Run {first} → run {second}: {rows} in both, {changed} changed'),  # report.text.compared
    QT_TRANSLATE_NOOP("core", 'Confidence and agreement with people ({rows}, expected calibration error {ece})'),  # report.text.confidence
    QT_TRANSLATE_NOOP("core", '{low}–{high}: {rows}, mean confidence {confidence}, people agreed {agreed}'),  # report.text.confidence_bin
    QT_TRANSLATE_NOOP("core", 'confusion matrix (rows: {first}, columns: {second})'),  # report.text.confusion
    QT_TRANSLATE_NOOP("core", "{pair} (the people's consensus)"),  # report.text.consensus
    QT_TRANSLATE_NOOP("core", 'exact agreement'),  # report.text.exact
    QT_TRANSLATE_NOOP("core", '{disagreed} disagreements, {flagged} flagged, {stale} stale'),  # report.text.found
    QT_TRANSLATE_NOOP("core", '1 disagreement, {flagged} flagged, {stale} stale'),  # report.text.found_one
    QT_TRANSLATE_NOOP("core", '; person agreement {figure}'),  # report.text.group_person
    QT_TRANSLATE_NOOP("core", 'accuracy {value}'),  # report.text.headline_accuracy
    QT_TRANSLATE_NOOP("core", 'mean {value}'),  # report.text.headline_mean
    QT_TRANSLATE_NOOP("core", 'win rate {value}'),  # report.text.headline_win_rate
    QT_TRANSLATE_NOOP("core", 'Agreement history (each version of a judge against people)'),  # report.text.history
    QT_TRANSLATE_NOOP("core", '{verdicts}, {unparsed} unparsed, {failed} failed (asked about {asked})'),  # report.text.judge_counts
    QT_TRANSLATE_NOOP("core", '  The {judges} judges agree with each other at α = {alpha}{interval} ({level}, over {rows})'),  # report.text.judges_alpha
    QT_TRANSLATE_NOOP("core", "Cohen's kappa"),  # report.text.kappa
    QT_TRANSLATE_NOOP("core", 'kappa, linear weights'),  # report.text.kappa_linear
    QT_TRANSLATE_NOOP("core", 'kappa, quadratic weights'),  # report.text.kappa_quadratic
    QT_TRANSLATE_NOOP("core", "Human labels used: {decided} decided where reviewers disagreed, {combined} combining several reviewers' (majority, or mean of scores)"),  # report.text.labels_used
    QT_TRANSLATE_NOOP("core", 'Left out: {what}'),  # report.text.left_out
    QT_TRANSLATE_NOOP("core", 'Mean score: {value}'),  # report.text.mean
    QT_TRANSLATE_NOOP("core", 'mean absolute difference'),  # report.text.mean_abs_diff
    QT_TRANSLATE_NOOP("core", '  … and {more} more'),  # report.text.more_changes
    QT_TRANSLATE_NOOP("core", '– (no rows)'),  # report.text.no_rows
    QT_TRANSLATE_NOOP("core", 'no verdicts'),  # report.text.no_verdicts
    QT_TRANSLATE_NOOP("core", '{first} vs {second} ({kind}, {n} rows)'),  # report.text.pair
    QT_TRANSLATE_NOOP("core", '      the combined verdict {rate}, without ties {without}'),  # report.text.pair_combined
    QT_TRANSLATE_NOOP("core", '      the same direction in both orders {rate}'),  # report.text.pair_consistency
    QT_TRANSLATE_NOOP("core", '{first} – {second}: exact {exact}, κ {kappa}'),  # report.text.pair_figures
    QT_TRANSLATE_NOOP("core", '  Graded score (strong verdicts weigh more): {value}'),  # report.text.pair_graded
    QT_TRANSLATE_NOOP("core", '  Judged differently in the two orders (counted as ties): rows {rows}'),  # report.text.pair_inconsistent
    QT_TRANSLATE_NOOP("core", '  Judged differently in the two orders (counted as ties): rows {rows} and {more} more'),  # report.text.pair_inconsistent_more
    QT_TRANSLATE_NOOP("core", '  Judge {judge}: the same direction in both orders for {consistency}; the answer shown first won {first}; the longer answer won {longer}'),  # report.text.pair_judge
    QT_TRANSLATE_NOOP("core", '{first} vs {second} ({kind}, 1 row)'),  # report.text.pair_one
    QT_TRANSLATE_NOOP("core", "    Against the person's labels, {pairs} pairs, by the answer each verdict favours (a tie matches only a tie; 'without ties' leaves out verdicts where either side calls one):"),  # report.text.pair_people
    QT_TRANSLATE_NOOP("core", "      each order's verdict counted alone {rate}, without ties {without}"),  # report.text.pair_per_order
    QT_TRANSLATE_NOOP("core", '  Score (win 1, tie ½, loss 0): {value}'),  # report.text.pair_score
    QT_TRANSLATE_NOOP("core", '  Win rate: {value}'),  # report.text.pair_win_rate
    QT_TRANSLATE_NOOP("core", '  {pairs} pairs: {wins} wins, {ties} ties, {losses} losses'),  # report.text.pairs
    QT_TRANSLATE_NOOP("core", 'Pairwise (B, the evaluated answer, against A)'),  # report.text.pairwise
    QT_TRANSLATE_NOOP("core", 'People'),  # report.text.people
    QT_TRANSLATE_NOOP("core", "Krippendorff's α ({level}) across {raters}: {alpha}{spread}, n = {n}"),  # report.text.people_alpha
    QT_TRANSLATE_NOOP("core", '{value} ({hits} of {n})'),  # report.text.rate
    QT_TRANSLATE_NOOP("core", 'Review: {reviewed}, {labelled} with a human label from the dataset; {found}'),  # report.text.review
    QT_TRANSLATE_NOOP("core", '{reviewed} of {total} rows reviewed by hand'),  # report.text.reviewed
    QT_TRANSLATE_NOOP("core", '{reviewed} of 1 row reviewed by hand'),  # report.text.reviewed_one
    QT_TRANSLATE_NOOP("core", 'reviewed row'),  # report.text.reviewed_row
    QT_TRANSLATE_NOOP("core", 'reviewed rows'),  # report.text.reviewed_rows
    QT_TRANSLATE_NOOP("core", 'Rows: {rows} — {ok} ok, {errors} errors, {unparsed} unparsed'),  # report.text.rows
    QT_TRANSLATE_NOOP("core", 'asked {samples} times per row: agrees with itself at α = {alpha} ({level}, over {rows})'),  # report.text.self_agreement
    QT_TRANSLATE_NOOP("core", '{rows} left out: a label that only names the better answer (A or B) says nothing of how much better; they count in win/tie/loss'),  # report.text.side_only
    QT_TRANSLATE_NOOP("core", 'Spearman correlation'),  # report.text.spearman
    QT_TRANSLATE_NOOP("core", 'error'),  # report.text.status_error
    QT_TRANSLATE_NOOP("core", 'unparsed'),  # report.text.status_unparsed
    QT_TRANSLATE_NOOP("core", '{judge} {version} (runs {runs}): n={n}, exact {exact}, κ {kappa}'),  # report.text.version
    QT_TRANSLATE_NOOP("core", ', finds correct {correct}, incorrect {incorrect}'),  # report.text.version_finds
    QT_TRANSLATE_NOOP("core", '; {toward} moved toward people, {away} away'),  # report.text.version_moved
    QT_TRANSLATE_NOOP("core", 'Win rate: {value}; ties {ties}, losses {losses}'),  # report.text.win_rate
    QT_TRANSLATE_NOOP("core", '{count} verdicts'),  # report.verdicts.many
    QT_TRANSLATE_NOOP("core", '1 verdict'),  # report.verdicts.one
    QT_TRANSLATE_NOOP("core", "Krippendorff's alpha"),  # report.xlsx.alpha
    QT_TRANSLATE_NOOP("core", 'Judged differently'),  # report.xlsx.changed
    QT_TRANSLATE_NOOP("core", '95% CI high'),  # report.xlsx.ci_high
    QT_TRANSLATE_NOOP("core", '95% CI low'),  # report.xlsx.ci_low
    QT_TRANSLATE_NOOP("core", 'Person (rows) vs judge (columns)'),  # report.xlsx.confusion
    QT_TRANSLATE_NOOP("core", '{figure}, corrected by the random sample'),  # report.xlsx.corrected
    QT_TRANSLATE_NOOP("core", 'Dimension: {name}'),  # report.xlsx.dimension
    QT_TRANSLATE_NOOP("core", 'Disagreements'),  # report.xlsx.disagreements
    QT_TRANSLATE_NOOP("core", 'Exact'),  # report.xlsx.exact
    QT_TRANSLATE_NOOP("core", 'High'),  # report.xlsx.high
    QT_TRANSLATE_NOOP("core", 'Rows in both'),  # report.xlsx.in_both
    QT_TRANSLATE_NOOP("core", 'Kappa'),  # report.xlsx.kappa
    QT_TRANSLATE_NOOP("core", 'Kappa linear'),  # report.xlsx.kappa_linear
    QT_TRANSLATE_NOOP("core", 'Kappa quadratic'),  # report.xlsx.kappa_quadratic
    QT_TRANSLATE_NOOP("core", 'Kind'),  # report.xlsx.kind
    QT_TRANSLATE_NOOP("core", 'Level'),  # report.xlsx.level
    QT_TRANSLATE_NOOP("core", 'Loss rate'),  # report.xlsx.loss_rate
    QT_TRANSLATE_NOOP("core", 'Low'),  # report.xlsx.low
    QT_TRANSLATE_NOOP("core", 'Mean abs. difference'),  # report.xlsx.mean_abs
    QT_TRANSLATE_NOOP("core", 'Project'),  # report.xlsx.project
    QT_TRANSLATE_NOOP("core", 'Results'),  # report.xlsx.results
    QT_TRANSLATE_NOOP("core", 'review {count} more sample rows'),  # report.xlsx.review_more
    QT_TRANSLATE_NOOP("core", 'review 1 more sample row'),  # report.xlsx.review_one
    QT_TRANSLATE_NOOP("core", 'Run {first} vs run {second}'),  # report.xlsx.runs
    QT_TRANSLATE_NOOP("core", 'Spearman'),  # report.xlsx.spearman
    QT_TRANSLATE_NOOP("core", 'Stale reviews'),  # report.xlsx.stale
    QT_TRANSLATE_NOOP("core", 'Tie rate'),  # report.xlsx.tie_rate
    QT_TRANSLATE_NOOP("core", 'true or false does not say which answer is better; use {forms}'),  # review.labels.boolean_not_pairwise
    QT_TRANSLATE_NOOP("core", 'this column also holds D or a later letter, so C is an answer choice'),  # review.labels.c_is_choice
    QT_TRANSLATE_NOOP("core", '{reviewer}: {labelled} verdicts read from {lines} lines; {added} added, {changed} changed, {unchanged} already there.{unreadable}{unknown}'),  # review.labels.imported
    QT_TRANSLATE_NOOP("core", 'not correct or incorrect; use {forms}'),  # review.labels.not_correctness
    QT_TRANSLATE_NOOP("core", 'not a pairwise verdict; use {forms}'),  # review.labels.not_pairwise
    QT_TRANSLATE_NOOP("core", 'only 1 (correct) and 0 (incorrect) are numbers here; use {forms}'),  # review.labels.number_not_correctness
    QT_TRANSLATE_NOOP("core", '{number} is not on the 1–5 scale (1 = A much better … 5 = B much better)'),  # review.labels.off_scale
    QT_TRANSLATE_NOOP("core", ' {count} lines name ids the dataset does not have ({ids}): is the file for this dataset?'),  # review.labels.unknown
    QT_TRANSLATE_NOOP("core", ' {count} could not be read.'),  # review.labels.unreadable
    QT_TRANSLATE_NOOP("core", ' {count} could not be read: {reasons}.'),  # review.labels.unreadable_why
    QT_TRANSLATE_NOOP("core", '{reviewer}: {reviewed} of {rows} reviewed in {file}; {added} added, {changed} changed, {unchanged} already there.'),  # review.pack.imported
    QT_TRANSLATE_NOOP("core", "{people} reviewers, {rows}: {shared} shared by everyone (where people's agreement is measured), {split} split. Rows each: {own}."),  # review.pack.plan
    QT_TRANSLATE_NOOP("core", '1 reviewer, {rows}: {name} {own}.'),  # review.pack.plan_one
    QT_TRANSLATE_NOOP("core", 'Too few rows judged and reviewed by several people to compare.'),  # review.people.few
    QT_TRANSLATE_NOOP("core", "Only one person's verdicts: the agreement among people needs two or more."),  # review.people.one
    QT_TRANSLATE_NOOP("core", 'The judge agrees with people at κ {judge}; people agree with each other at κ {people} (α {alpha}, n = {n}).'),  # review.people.sentence
    QT_TRANSLATE_NOOP("core", '{count} rows'),  # review.rows.many
    QT_TRANSLATE_NOOP("core", '1 row'),  # review.rows.one
    QT_TRANSLATE_NOOP("core", "This project already has a random sample: {sample} Drawing again replaces it, and reviews given for it no longer count as the sample's: say so to replace it (--replace on the command line)."),  # review.sample.exists
    QT_TRANSLATE_NOOP("core", '{count} judged rows'),  # review.sample.judged.many
    QT_TRANSLATE_NOOP("core", '1 judged row'),  # review.sample.judged.one
    QT_TRANSLATE_NOOP("core", '(no value)'),  # review.sample.no_value
    QT_TRANSLATE_NOOP("core", '{value}: {drawn} of {rows}'),  # review.sample.stratum
    QT_TRANSLATE_NOOP("core", '{drawn} of {rows} drawn at random (seed {seed}).'),  # review.sample.summary
    QT_TRANSLATE_NOOP("core", '{drawn} of {rows} drawn at random, stratified by {by} ({values}) (seed {seed}).'),  # review.sample.summary_by
    QT_TRANSLATE_NOOP("core", '{count} values'),  # review.sample.values.many
    QT_TRANSLATE_NOOP("core", '1 value'),  # review.sample.values.one
    QT_TRANSLATE_NOOP("core", '{requests} in {files} in {folder}{names}; {stored} already stored, of {rows}.'),  # run.batch.exported
    QT_TRANSLATE_NOOP("core", '{count} requests go to a model file on this computer: a run asks them.'),  # run.batch.local
    QT_TRANSLATE_NOOP("core", '{count} rows wait'),  # run.batch.wait
    QT_TRANSLATE_NOOP("core", "{wait} for the answers of the candidate or baseline model: import their results, then export again for the judges' requests."),  # run.batch.waiting
    QT_TRANSLATE_NOOP("core", '1 row waits'),  # run.batch.waits_one
    QT_TRANSLATE_NOOP("core", '{rows} would fail in a run, for example:'),  # run.batch.would_fail
    QT_TRANSLATE_NOOP("core", ', {count} already stored'),  # run.batch_import.already
    QT_TRANSLATE_NOOP("core", "Answers of the candidate or baseline model came in: export again for the judges' requests of those rows."),  # run.batch_import.answers_came
    QT_TRANSLATE_NOOP("core", 'The {count} failed requests are asked again by the next run.'),  # run.batch_import.asked_again
    QT_TRANSLATE_NOOP("core", ' The last line is cut off: the file was not written to its end.'),  # run.batch_import.cut_off
    QT_TRANSLATE_NOOP("core", ', {count} failed'),  # run.batch_import.failed
    QT_TRANSLATE_NOOP("core", '  failed: {key}: {why}'),  # run.batch_import.failed_line
    QT_TRANSLATE_NOOP("core", '{name}: {lines} lines: {stored} stored{already}{failed}{unknown}{repeated}{unreadable}.{cut}'),  # run.batch_import.file
    QT_TRANSLATE_NOOP("core", '{name}: not read. {why}'),  # run.batch_import.not_read
    QT_TRANSLATE_NOOP("core", ', {count} repeated'),  # run.batch_import.repeated
    QT_TRANSLATE_NOOP("core", '{count} exported requests still wait for their reply.'),  # run.batch_import.still_waiting
    QT_TRANSLATE_NOOP("core", ', {count} with an unknown id'),  # run.batch_import.unknown
    QT_TRANSLATE_NOOP("core", '  unknown id: {key}'),  # run.batch_import.unknown_line
    QT_TRANSLATE_NOOP("core", ', {count} unreadable'),  # run.batch_import.unreadable
    QT_TRANSLATE_NOOP("core", '{count} files'),  # run.files.many
    QT_TRANSLATE_NOOP("core", '1 file'),  # run.files.one
    QT_TRANSLATE_NOOP("core", 'postprocess returned no verdict; make it return a value for this row.'),  # run.postprocess_none
    QT_TRANSLATE_NOOP("core", '{count} replies'),  # run.replies.many
    QT_TRANSLATE_NOOP("core", '1 reply'),  # run.replies.one
    QT_TRANSLATE_NOOP("core", '{count} requests'),  # run.requests.many
    QT_TRANSLATE_NOOP("core", '1 request'),  # run.requests.one
    QT_TRANSLATE_NOOP("core", 'it exited with code {code} in the middle of the call (os._exit(), or a crash in native code).'),  # script.exit_code
    QT_TRANSLATE_NOOP("core", 'it crashed with {signal} — usually a fault in native code (ctypes, a C extension), not in Python.'),  # script.fault
    QT_TRANSLATE_NOOP("core", 'The script worker sent {what} instead of a result, so it was restarted.'),  # script.garbled
    QT_TRANSLATE_NOOP("core", 'it was killed by the system ({signal}), most likely because it ran out of memory.'),  # script.killed
    QT_TRANSLATE_NOOP("core", 'it was killed by the system ({signal}), most likely because it ran out of memory (limit {limit} MB).'),  # script.killed.limit
    QT_TRANSLATE_NOOP("core", "{problem}\n\nThe worker's last output:\n{output}"),  # script.last_words
    QT_TRANSLATE_NOOP("core", 'Loading the {kind} script stopped the worker process: {why}'),  # script.load_stopped
    QT_TRANSLATE_NOOP("core", 'Loading the {kind} script took longer than {limit}, so it was stopped. Is there an endless loop or slow work at the top level of the file (outside the function)?'),  # script.load_timeout
    QT_TRANSLATE_NOOP("core", 'The {kind} script needed more memory than the limit allows and was stopped. Process less data at once, or raise the memory limit.\n\n{traceback}'),  # script.memory
    QT_TRANSLATE_NOOP("core", 'The script worker process could not be started. {detail}'),  # script.no_start
    QT_TRANSLATE_NOOP("core", 'it was stopped by {signal}.'),  # script.signal
    QT_TRANSLATE_NOOP("core", 'The {kind} script stopped its worker process: {why}'),  # script.stopped
    QT_TRANSLATE_NOOP("core", 'The {kind} script called sys.exit({code}). A script should return its result instead of exiting; this row was marked as failed.\n\n{traceback}'),  # script.sys_exit
    QT_TRANSLATE_NOOP("core", 'The {kind} script ran longer than {limit} and was stopped (an endless loop?). Make it faster or raise the time limit.'),  # script.timeout
    QT_TRANSLATE_NOOP("core", 'Agree with the judge on row {row}'),  # undo.agree
    QT_TRANSLATE_NOOP("core", 'Clear the {dimension} score of row {row}'),  # undo.clear_dimension
    QT_TRANSLATE_NOOP("core", 'Clear the review of row {row}'),  # undo.clear_review
    QT_TRANSLATE_NOOP("core", 'Clear the verdict of row {row}'),  # undo.clear_verdict
    QT_TRANSLATE_NOOP("core", 'Decide {verdict} for row {row}'),  # undo.decide
    QT_TRANSLATE_NOOP("core", 'Give row {row} {score} for {dimension}'),  # undo.dimension
    QT_TRANSLATE_NOOP("core", 'Disagree with the judge on row {row}'),  # undo.disagree
    QT_TRANSLATE_NOOP("core", 'Flag row {row}'),  # undo.flag
    QT_TRANSLATE_NOOP("core", 'Edit the note of row {row}'),  # undo.note
    QT_TRANSLATE_NOOP("core", 'Take back the decision on row {row}'),  # undo.undecide
    QT_TRANSLATE_NOOP("core", 'Unflag row {row}'),  # undo.unflag
    QT_TRANSLATE_NOOP("core", 'Unset agreement on the judge on row {row}'),  # undo.unset_agree
    QT_TRANSLATE_NOOP("core", 'Give row {row} the verdict {verdict}'),  # undo.verdict
)
