<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AgreementStrip</name>
    <message>
        <source>You vs the judge</source>
        <translation>你与评审</translation>
    </message>
    <message>
        <source>Rows where both you and the judge gave a verdict.</source>
        <translation>你和评审都给出判定的行数。</translation>
    </message>
    <message>
        <source>The share of those rows where your verdict is the judge&apos;s.</source>
        <translation>这些行中你的判定与评审相同的比例。</translation>
    </message>
    <message>
        <source>Spearman&apos;s correlation: whether you and the judge rank the rows in the same order (1: the same order, 0: no relation, −1: reversed). For scores only.</source>
        <translation>斯皮尔曼相关系数：你和评审对各行的排序是否一致（1：顺序相同，0：毫无关系，−1：顺序相反）。仅适用于分数。</translation>
    </message>
    <message>
        <source>The mean absolute difference: how many points apart your score and the judge&apos;s are, on average. For scores only.</source>
        <translation>平均绝对差：你的分数与评审的分数平均相差多少分。仅适用于分数。</translation>
    </message>
    <message>
        <source>How far the project&apos;s judges agree with each other, row by row.</source>
        <translation>项目中各评审之间逐行的一致程度。</translation>
    </message>
    <message>
        <source>How far reviewing has got</source>
        <translation>复核进度</translation>
    </message>
    <message>
        <source>Confusion matrix: you in rows, the judge in columns</source>
        <translation>混淆矩阵：行是你的判定，列是评审的判定</translation>
    </message>
    <message>
        <source>Confusion matrix: your verdicts in rows, the judge&apos;s in columns. The diagonal (green) is where you agree.</source>
        <translation>混淆矩阵：行是你的判定，列是评审的判定。对角线（绿色）是你们一致的地方。</translation>
    </message>
    <message>
        <source>You ↓ · the judge →</source>
        <translation>你 ↓ · 评审 →</translation>
    </message>
    <message>
        <source>Cohen&apos;s kappa (κ): how much more often you and the judge agree than two raters giving the same mix of verdicts at random would. 1 is perfect agreement, 0 is no better than chance, below 0 is worse than chance. Percent agreement alone looks high when one verdict is common; kappa corrects for that. For scores, the weighted kappa counts a near miss (4 vs 5) as a smaller disagreement than a far one (1 vs 5). Rough reading: above 0.8 almost perfect, 0.6–0.8 substantial, 0.4–0.6 moderate, 0.2–0.4 fair, below 0.2 slight.</source>
        <translation>科恩 κ 系数：你和评审的一致程度比两个按同样比例随机给出判定的人高出多少。1 表示完全一致，0 表示不比随机好，低于 0 表示比随机还差。某个判定很常见时，单看一致百分比会显得很高；κ 系数会校正这一点。对于分数，加权 κ 把相近的分歧（4 对 5）算得比相差很远的分歧（1 对 5）小。大致解读：0.8 以上几乎完全一致，0.6–0.8 高度一致，0.4–0.6 中等一致，0.2–0.4 一般，0.2 以下轻微。</translation>
    </message>
    <message>
        <source>no rows yet</source>
        <translation>还没有行</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>{0} of {1} reviewed</source>
        <translation>已复核 {0} / {1}</translation>
    </message>
    <message>
        <source>1 disagreement</source>
        <translation>1 处分歧</translation>
    </message>
    <message>
        <source>{0} disagreements</source>
        <translation>{0} 处分歧</translation>
    </message>
    <message>
        <source>{0} flagged</source>
        <translation>{0} 行已标记</translation>
    </message>
    <message>
        <source>{0} changed since reviewed</source>
        <translation>{0} 行复核后评审结果有变</translation>
    </message>
    <message>
        <source>{0} labelled in the dataset</source>
        <translation>{0} 行在数据集中已有人工标注</translation>
    </message>
    <message>
        <source>Exact agreement</source>
        <translation>完全一致</translation>
    </message>
    <message>
        <source>κ, quadratic weights</source>
        <translation>κ（二次加权）</translation>
    </message>
    <message>
        <source>Cohen&apos;s κ</source>
        <translation>科恩 κ</translation>
    </message>
    <message>
        <source>Spearman</source>
        <translation>斯皮尔曼相关</translation>
    </message>
    <message>
        <source>Mean difference</source>
        <translation>平均差</translation>
    </message>
    <message>
        <source>undefined: one verdict on every row</source>
        <translation>无法计算：每行都是同一判定</translation>
    </message>
    <message>
        <source>for scores only</source>
        <translation>仅适用于分数</translation>
    </message>
    <message>
        <source>needs verdicts that vary</source>
        <translation>需要有变化的判定</translation>
    </message>
    <message>
        <source>unweighted {0}</source>
        <translation>不加权 {0}</translation>
    </message>
    <message>
        <source>linear {0}</source>
        <translation>线性加权 {0}</translation>
    </message>
    <message>
        <source>quadratic {0}</source>
        <translation>二次加权 {0}</translation>
    </message>
    <message>
        <source>Here: {0}.</source>
        <translation>此处：{0}。</translation>
    </message>
    <message>
        <source>almost perfect</source>
        <translation>几乎完全一致</translation>
    </message>
    <message>
        <source>substantial</source>
        <translation>高度一致</translation>
    </message>
    <message>
        <source>moderate</source>
        <translation>中等一致</translation>
    </message>
    <message>
        <source>fair</source>
        <translation>一般</translation>
    </message>
    <message>
        <source>slight</source>
        <translation>轻微</translation>
    </message>
    <message>
        <source>no better than chance</source>
        <translation>不比随机好</translation>
    </message>
    <message>
        <source>You (who won)</source>
        <translation>你（谁胜出）</translation>
    </message>
    <message>
        <source>judge (who won)</source>
        <translation>评审（谁胜出）</translation>
    </message>
    <message>
        <source>{0} vs {1}: {2} · {3} exact agreement · κ {4}</source>
        <translation>{0} 与 {1}：{2} · 完全一致 {3} · κ {4}</translation>
    </message>
    <message>
        <source>Spearman {0} · mean difference {1}</source>
        <translation>斯皮尔曼相关 {0} · 平均差 {1}</translation>
    </message>
</context>
<context>
    <name>AnsweringModelsDialog</name>
    <message>
        <source>Models that answer</source>
        <translation>作答模型</translation>
    </message>
    <message>
        <source>&amp;Candidate</source>
        <translation>候选模型(&amp;C)</translation>
    </message>
    <message>
        <source>Answers the rows that have no response, so a dataset of questions alone can be judged. It is asked the row&apos;s question (or its chat), and its answer is what the judges grade.</source>
        <translation>为没有回答的行作答，这样只有问题的数据集也能评审。它会收到该行的问题（或对话），评审给它的回答打分。</translation>
    </message>
    <message>
        <source>&amp;Baseline</source>
        <translation>基线模型(&amp;B)</translation>
    </message>
    <message>
        <source>Its answer to each row becomes answer A, compared with the row&apos;s response (answer B) by a template that compares two answers, such as “Pairwise comparison with a checklist”.</source>
        <translation>它对每行的回答作为回答 A，由比较两份回答的模板（如“带检查清单的两两比较”）与该行的回答（回答 B）进行比较。</translation>
    </message>
    <message>
        <source>Change the models that answer</source>
        <translation>更改作答模型</translation>
    </message>
</context>
<context>
    <name>ApprovalList</name>
    <message>
        <source>Nothing yet.</source>
        <translation>暂无。</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Revoke: {0}</source>
        <translation>撤销：{0}</translation>
    </message>
    <message>
        <source>Take back the selected answers: JudgeDesk asks again next time (Delete)</source>
        <translation>收回所选的答复：下次 JudgeDesk 会再次询问（按 Delete 键）</translation>
    </message>
</context>
<context>
    <name>CalibrateDialog</name>
    <message>
        <source>Calibrate Judges</source>
        <translation>校准评审模型</translation>
    </message>
    <message>
        <source>Every enabled judge is a candidate. Each one judges the rows people gave a verdict on; the candidate that agrees best with people on the tuning part is proposed, and the test part, held back until you choose, says what to expect from the one chosen.</source>
        <translation>每个已启用的评审都是候选。每个候选评审人工已给出判定的行；在调优部分与人工最一致的候选会被推荐，测试部分在你选定之前保持隐藏，用来说明所选评审的真实表现。</translation>
    </message>
    <message>
        <source>The share of the labelled rows in the tuning part</source>
        <translation>已标注行中划入调优部分的比例</translation>
    </message>
    <message>
        <source>Another seed draws another split; the same seed keeps it</source>
        <translation>换一个种子会得到另一种划分；相同的种子保持划分不变</translation>
    </message>
    <message>
        <source>&amp;Tuning share</source>
        <translation>调优比例(&amp;T)</translation>
    </message>
    <message>
        <source>S&amp;eed</source>
        <translation>种子(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Run Candidates</source>
        <translation>运行候选(&amp;R)</translation>
    </message>
    <message>
        <source>Run every candidate on the labelled rows</source>
        <translation>在已标注的行上运行每个候选</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop; replies received are kept</source>
        <translation>停止；已收到的回复会保留</translation>
    </message>
    <message>
        <source>&amp;Judge Every Row Again</source>
        <translation>重新评审所有行(&amp;J)</translation>
    </message>
    <message>
        <source>Change the calibration split</source>
        <translation>更改校准划分</translation>
    </message>
    <message>
        <source>Open a project with a dataset to calibrate its judges.</source>
        <translation>请打开一个带数据集的项目来校准其评审。</translation>
    </message>
    <message>
        <source>Reading the rows people gave a verdict on…</source>
        <translation>正在读取人工已给出判定的行…</translation>
    </message>
    <message>
        <source>Review about 1 more row.</source>
        <translation>请再审阅约 1 行。</translation>
    </message>
    <message>
        <source>Review about {0} more rows.</source>
        <translation>请再审阅约 {0} 行。</translation>
    </message>
    <message>
        <source>Too few rows have a person&apos;s verdict to calibrate: {0} ({1} for tuning, {2} for the test; each part needs {3}). {4}</source>
        <translation>有人工判定的行太少，无法校准：{0} 行（调优 {1} 行，测试 {2} 行；每部分至少需要 {3} 行）。{4}</translation>
    </message>
    <message>
        <source>1 reply stored is reused</source>
        <translation>复用已存储的 1 条回复</translation>
    </message>
    <message>
        <source>{0} replies stored are reused</source>
        <translation>复用已存储的 {0} 条回复</translation>
    </message>
    <message>
        <source>Before running: {0} on {1}, about {2} ({3}), about {4} tokens</source>
        <translation>运行前估计：{0}，{1}，约 {2}（{3}），约 {4} 个词元</translation>
    </message>
    <message>
        <source>Candidate {0} of {1}, “{2}”: {3} of {4}, {5}.</source>
        <translation>第 {0}/{1} 个候选“{2}”：已完成 {3} / {4}，{5}。</translation>
    </message>
    <message>
        <source>Judge every row again with “{0}”: {1}, about {2}, about {3} tokens</source>
        <translation>用“{0}”重新评审所有行：{1}，约 {2}，约 {3} 个词元</translation>
    </message>
    <message>
        <source>{0} rows people gave a verdict on: {1} in the tuning part, {2} in the test part. Candidates: {3}.</source>
        <translation>人工已给出判定的行共 {0} 行：调优部分 {1} 行，测试部分 {2} 行。候选：{3}。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>Stopping; replies received are kept…</source>
        <translation>正在停止；已收到的回复会保留…</translation>
    </message>
    <message>
        <source>Stopped: the figures cover the candidates that finished.</source>
        <translation>已停止：数字只涵盖已完成的候选。</translation>
    </message>
    <message>
        <source>Every candidate ran.</source>
        <translation>所有候选都已运行。</translation>
    </message>
    <message>
        <source>Adopt the judge “{0}”</source>
        <translation>采用评审“{0}”</translation>
    </message>
    <message>
        <source>“{0}” is now the project&apos;s judge; the other candidates are disabled, not deleted (Undo brings them back).</source>
        <translation>“{0}”现在是项目的评审；其他候选已停用而非删除（撤销可恢复）。</translation>
    </message>
    <message>
        <source>Estimating a run of every row…</source>
        <translation>正在估计重新评审所有行…</translation>
    </message>
</context>
<context>
    <name>CalibrationModel</name>
    <message>
        <source>TPR {0} · TNR {1}</source>
        <translation>真阳性率 {0} · 真阴性率 {1}</translation>
    </message>
    <message>
        <source>κ {0} ({1}), {2}</source>
        <translation>κ {0}（{1}），{2}</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致率</translation>
    </message>
    <message>
        <source>κ</source>
        <translation>κ</translation>
    </message>
    <message>
        <source>κ 95% interval</source>
        <translation>κ 95% 区间</translation>
    </message>
    <message>
        <source>Weighted κ</source>
        <translation>加权 κ</translation>
    </message>
    <message>
        <source>Spearman</source>
        <translation>Spearman</translation>
    </message>
    <message>
        <source>Found what people found</source>
        <translation>与人工判定相同的比例</translation>
    </message>
    <message>
        <source>Unread</source>
        <translation>未读出</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Test part</source>
        <translation>测试部分</translation>
    </message>
    <message>
        <source>Hidden until you choose a candidate, so that the choice cannot use it.</source>
        <translation>在你选定候选之前保持隐藏，这样选择就不会用到它。</translation>
    </message>
    <message>
        <source>Proposed: the best agreement with people on the tuning part.</source>
        <translation>推荐：在调优部分与人工最一致。</translation>
    </message>
    <message>
        <source>proposed</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>已选</translation>
    </message>
    <message>
        <source>hidden until you choose</source>
        <translation>选定前隐藏</translation>
    </message>
    <message>
        <source>{0} — seen after the choice</source>
        <translation>{0} —— 选定之后查看</translation>
    </message>
    <message>
        <source>{0} ({1} stored)</source>
        <translation>{0}（{1} 条已存储）</translation>
    </message>
    <message>
        <source>judge: {0}</source>
        <translation>评审：{0}</translation>
    </message>
    <message>
        <source>people: {0}</source>
        <translation>人工：{0}</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>People</source>
        <translation>人工</translation>
    </message>
    <message>
        <source>People&apos;s note</source>
        <translation>人工备注</translation>
    </message>
</context>
<context>
    <name>CalibrationResults</name>
    <message>
        <source>The candidates against people</source>
        <translation>各候选与人工的对比</translation>
    </message>
    <message>
        <source>&amp;Adopt</source>
        <translation>采用(&amp;A)</translation>
    </message>
    <message>
        <source>Make the chosen candidate the project&apos;s judge: the other candidates are disabled, not deleted.</source>
        <translation>让选定的候选成为项目的评审：其他候选会被停用，而不是删除。</translation>
    </message>
    <message>
        <source>Show the other candidates&apos; test figures</source>
        <translation>显示其他候选的测试数字</translation>
    </message>
    <message>
        <source>Seen after the choice: they can no longer choose a judge honestly.</source>
        <translation>在选定之后查看：它们已不能再用于公正地选择评审。</translation>
    </message>
    <message>
        <source>Suggest a &amp;Revision…</source>
        <translation>建议修订(&amp;R)…</translation>
    </message>
    <message>
        <source>Have a model rewrite the selected candidate&apos;s template from its disagreements on the tuning part; the revision becomes another candidate.</source>
        <translation>让一个模型根据所选候选在调优部分上的分歧改写其模板；修订版成为另一个候选。</translation>
    </message>
    <message>
        <source>Confusion matrix</source>
        <translation>混淆矩阵</translation>
    </message>
    <message>
        <source>Rows where the judge differs</source>
        <translation>评审与人工不一致的行</translation>
    </message>
    <message>
        <source>Click a row to show it in the row inspector.</source>
        <translation>点击一行即可在行检查器中查看。</translation>
    </message>
    <message>
        <source>Test part: hidden until you choose a candidate.</source>
        <translation>测试部分：在你选定候选之前保持隐藏。</translation>
    </message>
    <message>
        <source>On the tuning part ({0}): the part the choice is made on. The proposed candidate, in bold, agrees best with people there.</source>
        <translation>调优部分（{0}）：据此做出选择。加粗的推荐候选在这里与人工最一致。</translation>
    </message>
    <message>
        <source>People&apos;s ceiling: {0} reviewers agree with each other on {1} with Krippendorff&apos;s α {2} (mean κ {3}); no judge can be expected to do better.</source>
        <translation>人工上限：{0} 位审阅者在 {1}上彼此一致，Krippendorff α 为 {2}（平均 κ {3}）；不能指望任何评审做得更好。</translation>
    </message>
    <message>
        <source>“{0}” on the tuning part: its verdicts against people&apos;s, and the {1} where they differ (replies not read are left out).</source>
        <translation>“{0}”在调优部分：其判定与人工判定的对比，以及二者不同的 {1}（未读出的回复不计入）。</translation>
    </message>
    <message>
        <source>Agreement with people on {0} held back: no κ can be computed (exact agreement {1}).</source>
        <translation>在留出的 {0}上与人工的一致性：无法计算 κ（完全一致率 {1}）。</translation>
    </message>
    <message>
        <source>Agreement with people on {0} held back: κ {1}.</source>
        <translation>在留出的 {0}上与人工的一致性：κ {1}。</translation>
    </message>
    <message>
        <source>Agreement with people on {0} held back: κ {1}, {2}–{3}.</source>
        <translation>在留出的 {0}上与人工的一致性：κ {1}，{2}–{3}。</translation>
    </message>
    <message>
        <source>No candidate can be proposed: none has a κ on the tuning rows.</source>
        <translation>无法推荐候选：没有候选在调优行上有 κ 值。</translation>
    </message>
    <message>
        <source>People&apos;s ceiling: one reviewer per row, so how far people agree with each other is not known.</source>
        <translation>人工上限：每行只有一位审阅者，因此不知道人与人之间的一致程度。</translation>
    </message>
    <message>
        <source>&amp;Choose “{0}”</source>
        <translation>选择“{0}”(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Adopt “{0}”</source>
        <translation>采用“{0}”(&amp;A)</translation>
    </message>
    <message>
        <source>Weighted κ {0}.</source>
        <translation>加权 κ {0}。</translation>
    </message>
    <message>
        <source>Adopted “{0}”</source>
        <translation>已采用“{0}”</translation>
    </message>
</context>
<context>
    <name>CardText</name>
    <message>
        <source>Choose a row in the queue to review it.</source>
        <translation>在队列中选择一行即可复核。</translation>
    </message>
    <message>
        <source>Row {0} · {1}</source>
        <translation>第 {0} 行 · {1}</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考答案</translation>
    </message>
    <message>
        <source>No reference in this row.</source>
        <translation>此行没有参考答案。</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>No response in this row.</source>
        <translation>此行没有回答。</translation>
    </message>
    <message>
        <source>the response&apos;s reasoning</source>
        <translation>回答的推理过程</translation>
    </message>
    <message>
        <source>The judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Blind mode: the judge&apos;s verdict and reply are hidden until you give your own verdict.</source>
        <translation>盲评模式：在你给出自己的判定之前，评审的判定和回复都会隐藏。</translation>
    </message>
    <message>
        <source>Answer A</source>
        <translation>回答 A</translation>
    </message>
    <message>
        <source>Answer B</source>
        <translation>回答 B</translation>
    </message>
    <message>
        <source>No answer.</source>
        <translation>没有回答。</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>No question in this row.</source>
        <translation>此行没有问题。</translation>
    </message>
    <message>
        <source>This row has not been judged yet.</source>
        <translation>此行还没有评审。</translation>
    </message>
    <message>
        <source>Result: {0}</source>
        <translation>结果：{0}</translation>
    </message>
    <message>
        <source>No verdict could be read</source>
        <translation>无法读出判定</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>run {0}</source>
        <translation>运行 {0}</translation>
    </message>
    <message>
        <source>{0}: verdict {1}</source>
        <translation>{0}：判定 {1}</translation>
    </message>
    <message>
        <source>{0}: no verdict ({1})</source>
        <translation>{0}：无判定（{1}）</translation>
    </message>
    <message>
        <source>the judge&apos;s reasoning</source>
        <translation>评审的推理过程</translation>
    </message>
    <message>
        <source>Hide {0}</source>
        <translation>隐藏{0}</translation>
    </message>
    <message>
        <source>Show {0}</source>
        <translation>显示{0}</translation>
    </message>
</context>
<context>
    <name>ChartCard</name>
    <message>
        <source>{0}, as a table</source>
        <translation>{0}（表格）</translation>
    </message>
</context>
<context>
    <name>ColumnChooser</name>
    <message>
        <source>Show All Columns</source>
        <translation>显示所有列</translation>
    </message>
</context>
<context>
    <name>ConfidenceWords</name>
    <message>
        <source>Confidence {0:.1f}–{1:.1f}</source>
        <translation>置信度 {0:.1f}–{1:.1f}</translation>
    </message>
    <message>
        <source>n = {0}</source>
        <translation>n = {0}</translation>
    </message>
    <message>
        <source>{0}: mean confidence {1:.0%}, people agreed {2} of {3}</source>
        <translation>{0}：平均置信度 {1:.0%}，人工认同 {3} 行中的 {2} 行</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Share people agreed with</source>
        <translation>人工认同的比例</translation>
    </message>
    <message>
        <source>Agreement with people by the judge&apos;s confidence: {0}.</source>
        <translation>按评审置信度划分的人工一致性：{0}。</translation>
    </message>
    <message>
        <source>Over the {0} reviewed rows whose verdict was read with its probabilities: how often people gave the judge&apos;s verdict, by how sure it was. A calibrated judge agrees with people as often as it is sure (its 0.8–0.9 bar near 85%). Expected calibration error: {1:.3f}.</source>
        <translation>在判决带有概率且经人工审阅的 {0} 行中：按评审的把握程度，人工给出与评审相同判决的频率。校准良好的评审，与人工一致的频率等于其把握程度（0.8–0.9 一栏接近 85%）。期望校准误差：{1:.3f}。</translation>
    </message>
    <message>
        <source>Mean confidence</source>
        <translation>平均置信度</translation>
    </message>
    <message>
        <source>People agreed</source>
        <translation>人工认同</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Confidence and agreement with people</source>
        <translation>置信度与人工一致性</translation>
    </message>
</context>
<context>
    <name>ConfusionModel</name>
    <message>
        <source>You said {0}</source>
        <translation>你判定为 {0}</translation>
    </message>
    <message>
        <source>The judge said {0}</source>
        <translation>评审判定为 {0}</translation>
    </message>
    <message>
        <source>You said {0}, the judge said {1}: {2}</source>
        <translation>你判定为 {0}，评审判定为 {1}：{2}</translation>
    </message>
</context>
<context>
    <name>ConversionModel</name>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>In the original</source>
        <translation>原文</translation>
    </message>
    <message>
        <source>Becomes</source>
        <translation>转换为</translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message>
        <source>1 row</source>
        <translation>1 行</translation>
    </message>
    <message>
        <source>{0} rows</source>
        <translation>{0} 行</translation>
    </message>
    <message>
        <source>1 call</source>
        <translation>1 次调用</translation>
    </message>
    <message>
        <source>{0} calls</source>
        <translation>{0} 次调用</translation>
    </message>
    <message>
        <source>1 review</source>
        <translation>1 条复核</translation>
    </message>
    <message>
        <source>{0} reviews</source>
        <translation>{0} 条复核</translation>
    </message>
    <message>
        <source>1 candidate</source>
        <translation>1 个候选</translation>
    </message>
    <message>
        <source>{0} candidates</source>
        <translation>{0} 个候选</translation>
    </message>
    <message>
        <source>1 reply</source>
        <translation>1 条回复</translation>
    </message>
    <message>
        <source>{0} replies</source>
        <translation>{0} 条回复</translation>
    </message>
    <message>
        <source>1 disagreement</source>
        <translation>1 处分歧</translation>
    </message>
    <message>
        <source>{0} disagreements</source>
        <translation>{0} 处分歧</translation>
    </message>
</context>
<context>
    <name>CountsTableModel</name>
    <message>
        <source>Replies</source>
        <translation>回复数</translation>
    </message>
</context>
<context>
    <name>DataBrowser</name>
    <message>
        <source>Write an e-mail?</source>
        <translation>写电子邮件？</translation>
    </message>
    <message>
        <source>Open {0} in your e-mail program?</source>
        <translation>在电子邮件程序中打开 {0}？</translation>
    </message>
    <message>
        <source>Open a web page?</source>
        <translation>打开网页？</translation>
    </message>
    <message>
        <source>Open {0} in your web browser?</source>
        <translation>在网页浏览器中打开 {0}？</translation>
    </message>
    <message>
        <source>The link is part of the text shown, which comes from a dataset or a model, not from JudgeDesk. Open it only if you know the address.</source>
        <translation>这个链接是所显示文本的一部分，文本来自数据集或模型，而不是来自 JudgeDesk。只有在您了解这个地址时才打开它。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>This link was not opened: JudgeDesk opens only web and e-mail addresses, and this one leads to {0}</source>
        <translation>未打开此链接：JudgeDesk 只打开网页和电子邮件地址，而此链接指向 {0}</translation>
    </message>
</context>
<context>
    <name>DatasetPage</name>
    <message>
        <source>Choose your data</source>
        <translation>选择数据</translation>
    </message>
    <message>
        <source>Dataset file</source>
        <translation>数据集文件</translation>
    </message>
    <message>
        <source>Type a file&apos;s path or click Browse…</source>
        <translation>输入文件路径，或点击“浏览…”</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Browse for the dataset file</source>
        <translation>浏览以选择数据集文件</translation>
    </message>
    <message>
        <source>Sheet of the workbook</source>
        <translation>工作簿中的工作表</translation>
    </message>
    <message>
        <source>&amp;Sheet:</source>
        <translation>工作表(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <source>What was read</source>
        <translation>读取结果</translation>
    </message>
    <message>
        <source>Problems found in the file</source>
        <translation>文件中发现的问题</translation>
    </message>
    <message>
        <source>No file chosen yet.</source>
        <translation>尚未选择文件。</translation>
    </message>
    <message>
        <source>Pick the file with the questions and the answers to judge. JudgeDesk reads JSON Lines, JSON, CSV, TSV, Excel (.xlsx) and Parquet files.</source>
        <translation>选择包含问题和待评回答的文件。JudgeDesk 可以读取 JSON Lines、JSON、CSV、TSV、Excel（.xlsx）和 Parquet 文件。</translation>
    </message>
    <message>
        <source>Datasets (*.jsonl *.json *.csv *.tsv *.xlsx *.parquet *.ndjson *.txt)</source>
        <translation>数据集 (*.jsonl *.json *.csv *.tsv *.xlsx *.parquet *.ndjson *.txt)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.ndjson)</source>
        <translation>JSON Lines (*.jsonl *.ndjson)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>TSV, tab-separated (*.tsv)</source>
        <translation>TSV，制表符分隔 (*.tsv)</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>Parquet (*.parquet)</source>
        <translation>Parquet 表格 (*.parquet)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose a dataset</source>
        <translation>选择数据集</translation>
    </message>
    <message>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <source>This file cannot be used: {0}</source>
        <translation>无法使用此文件：{0}</translation>
    </message>
    <message>
        <source>JSON Lines</source>
        <translation>JSON Lines</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>TSV (tab-separated)</source>
        <translation>TSV（制表符分隔）</translation>
    </message>
    <message>
        <source>Excel workbook</source>
        <translation>Excel 工作簿</translation>
    </message>
    <message>
        <source>Parquet table</source>
        <translation>Parquet 表格</translation>
    </message>
    <message>
        <source>sheet “{0}”</source>
        <translation>工作表“{0}”</translation>
    </message>
    <message>
        <source>first sheet</source>
        <translation>第一个工作表</translation>
    </message>
    <message>
        <source>Read {0}: {1}, {2}, {3}.</source>
        <translation>已读取 {0}：{1}，{2}，{3}。</translation>
    </message>
    <message>
        <source>… and {0} more.</source>
        <translation>……另有 {0} 条未列出。</translation>
    </message>
    <message>
        <source>Some rows could not be read and were skipped. You can fix the file and choose it again, or go on without them:</source>
        <translation>有些行无法读取，已被跳过。你可以修正文件后重新选择，也可以不要这些行继续：</translation>
    </message>
    <message>
        <source>Worth a look before you go on:</source>
        <translation>继续之前，建议先看看这些：</translation>
    </message>
</context>
<context>
    <name>DatasetPane</name>
    <message>
        <source>No dataset yet.</source>
        <translation>还没有数据集。</translation>
    </message>
    <message>
        <source>Dataset rows</source>
        <translation>数据集的行</translation>
    </message>
    <message>
        <source>Problems found in the dataset</source>
        <translation>数据集中发现的问题</translation>
    </message>
    <message>
        <source>Search the rows</source>
        <translation>搜索行</translation>
    </message>
    <message>
        <source>Search all fields…</source>
        <translation>搜索所有字段…</translation>
    </message>
    <message>
        <source>Shows only the rows whose text contains this, ignoring case. Esc clears it.</source>
        <translation>只显示文本中包含此内容的行（不区分大小写）。按 Esc 键清除。</translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation>清除搜索</translation>
    </message>
    <message>
        <source>{0} — {1}, read as {2} ({3})</source>
        <translation>{0} — {1}，按 {2}（{3}）读取</translation>
    </message>
    <message>
        <source>{0} of {1} match</source>
        <translation>{1}中有 {0} 行匹配</translation>
    </message>
    <message>
        <source>Search in</source>
        <translation>搜索范围</translation>
    </message>
    <message>
        <source>Search every field, or only the one chosen here</source>
        <translation>搜索所有字段，或只搜索在此选择的字段</translation>
    </message>
    <message>
        <source>All fields</source>
        <translation>所有字段</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Choose the columns to show</source>
        <translation>选择要显示的列</translation>
    </message>
    <message>
        <source>Choose the columns to show (also on the header)</source>
        <translation>选择要显示的列（也可以在表头上右击选择）</translation>
    </message>
    <message>
        <source>Search result</source>
        <translation>搜索结果</translation>
    </message>
    <message>
        <source>Search progress</source>
        <translation>搜索进度</translation>
    </message>
    <message>
        <source> · 1 row could not be read and is listed below</source>
        <translation> · 有 1 行无法读取，列在下方</translation>
    </message>
    <message>
        <source> · {0} rows could not be read and are listed below</source>
        <translation> · 有 {0} 行无法读取，列在下方</translation>
    </message>
    <message>
        <source> so far · still indexing…</source>
        <translation>（尚未读完）· 正在建立索引…</translation>
    </message>
    <message>
        <source>Searching {0}…</source>
        <translation>正在搜索 {0}…</translation>
    </message>
    <message>
        <source>Search {0}…</source>
        <translation>搜索“{0}”…</translation>
    </message>
    <message>
        <source> · the selected row ({0}) is not among them</source>
        <translation> · 选中的行（{0}）不在其中</translation>
    </message>
</context>
<context>
    <name>DatasetTableModel</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考答案</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史对话</translation>
    </message>
    <message>
        <source>(unreadable row)</source>
        <translation>（无法读取的行）</translation>
    </message>
</context>
<context>
    <name>DryRunView</name>
    <message>
        <source>The judge&apos;s &amp;verdict</source>
        <translation>评审的判定(&amp;V)</translation>
    </message>
    <message>
        <source>Judge this row</source>
        <translation>评审此行</translation>
    </message>
    <message>
        <source>Send the prompt shown to the judge and read its verdict (Ctrl+Enter). No run is recorded; the reply is kept, so a run does not ask again.</source>
        <translation>把显示的提示词发给评审并读取其判定（Ctrl+Enter）。不会记录为一次运行；回复会被保存，之后运行时不再重复询问。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop judging this row</source>
        <translation>停止评审此行</translation>
    </message>
    <message>
        <source>The judge&apos;s reply</source>
        <translation>评审的回复</translation>
    </message>
    <message>
        <source>There is no row to judge: open a dataset first.</source>
        <translation>没有可评审的行：请先打开数据集。</translation>
    </message>
    <message>
        <source>Asking {0} about row {1}…</source>
        <translation>正在请 {0} 评审第 {1} 行…</translation>
    </message>
    <message>
        <source>Press Judge this row (Ctrl+Enter) to send this prompt to {0} and see its verdict, without starting a run.</source>
        <translation>按“评审此行”（Ctrl+Enter）把这个提示词发给 {0} 并查看其判定，无需开始运行。</translation>
    </message>
    <message>
        <source>Stopped before the judge answered.</source>
        <translation>在评审回答之前已停止。</translation>
    </message>
    <message>
        <source>Row {0} could not be judged: {1}</source>
        <translation>第 {0} 行无法评审：{1}</translation>
    </message>
    <message>
        <source>No verdict could be read from the reply: {0}</source>
        <translation>无法从回复中读出判定：{0}</translation>
    </message>
    <message>
        <source>Verdict: {0}</source>
        <translation>判定：{0}</translation>
    </message>
    <message>
        <source>read as “{0}”</source>
        <translation>按“{0}”解析</translation>
    </message>
    <message>
        <source>reply from the cache (the judge was not asked again)</source>
        <translation>回复来自缓存（未再次询问评审）</translation>
    </message>
    <message>
        <source>{0:.1f} s</source>
        <translation>{0:.1f} 秒</translation>
    </message>
    <message>
        <source>{0} attempts</source>
        <translation>尝试 {0} 次</translation>
    </message>
    <message>
        <source>{0} + {1} tokens</source>
        <translation>{0} + {1} 个词元</translation>
    </message>
    <message>
        <source>Hide the judge&apos;s reasoning</source>
        <translation>隐藏评审的推理过程</translation>
    </message>
    <message>
        <source>Show the judge&apos;s reasoning ({0} characters)</source>
        <translation>显示评审的推理过程（{0} 个字符）</translation>
    </message>
    <message>
        <source>✔ correct</source>
        <translation>✔ 正确</translation>
    </message>
    <message>
        <source>✘ incorrect</source>
        <translation>✘ 错误</translation>
    </message>
</context>
<context>
    <name>EstimateBox</name>
    <message>
        <source>Estimate per judge</source>
        <translation>各评审的估算</translation>
    </message>
</context>
<context>
    <name>EstimateModel</name>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元数</translation>
    </message>
    <message>
        <source>Price in</source>
        <translation>输入单价</translation>
    </message>
    <message>
        <source>Price out</source>
        <translation>输出单价</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Requests to send; replies already stored are reused</source>
        <translation>需要发送的请求；已保存的回复会被复用</translation>
    </message>
    <message>
        <source>Prompt + reply tokens of the requests to send (estimated)</source>
        <translation>待发送请求的提示词与回复词元数（估算）</translation>
    </message>
    <message>
        <source>Price of a million prompt tokens (0: free). Editable.</source>
        <translation>每百万提示词词元的价格（0 表示免费）。可编辑。</translation>
    </message>
    <message>
        <source>Price of a million reply tokens (0: free). Editable.</source>
        <translation>每百万回复词元的价格（0 表示免费）。可编辑。</translation>
    </message>
    <message>
        <source>From the judge&apos;s speed on earlier replies</source>
        <translation>根据该评审以往回复的速度估算</translation>
    </message>
    <message>
        <source>1 reply already stored is reused</source>
        <translation>复用已保存的 1 条回复</translation>
    </message>
    <message>
        <source>{0} replies already stored are reused</source>
        <translation>复用已保存的 {0} 条回复</translation>
    </message>
    <message>
        <source>Replies counted as long as max_tokens allows (none stored yet)</source>
        <translation>按 max_tokens 允许的最大长度计算回复（尚无已保存的回复）</translation>
    </message>
    <message>
        <source>Replies assumed 400 tokens long (none stored yet)</source>
        <translation>假定每条回复 400 个词元（尚无已保存的回复）</translation>
    </message>
</context>
<context>
    <name>EstimateWords</name>
    <message>
        <source>, cost at most {0:,.4f}</source>
        <translation>，费用至多 {0:,.4f}</translation>
    </message>
    <message>
        <source>, cost about {0:,.4f}</source>
        <translation>，费用约 {0:,.4f}</translation>
    </message>
    <message>
        <source>, about {0}</source>
        <translation>，约 {0}</translation>
    </message>
    <message>
        <source>, the time known once the first rows are judged</source>
        <translation>，用时在评判完最初几行后可知</translation>
    </message>
</context>
<context>
    <name>ExamplePanel</name>
    <message>
        <source>The verdict looks like…</source>
        <translation>判定的样子……</translation>
    </message>
    <message>
        <source>The judge&apos;s stored replies</source>
        <translation>评审已保存的回复</translation>
    </message>
    <message>
        <source>Reading the judge&apos;s replies…</source>
        <translation>正在读取评审的回复……</translation>
    </message>
    <message>
        <source>Example reply</source>
        <translation>示例回复</translation>
    </message>
    <message>
        <source>Paste a reply of this judge here, or pick one of its replies above.</source>
        <translation>把这个评审的一条回复粘贴到这里，或在上面选一条它已有的回复。</translation>
    </message>
    <message>
        <source>&amp;Use the selection as the verdict</source>
        <translation>把选中的文字作为判定(&amp;U)</translation>
    </message>
    <message>
        <source>Select the verdict in the reply with the mouse first, for example the 8 of Score: 8.</source>
        <translation>先用鼠标在回复中选中判定，例如 Score: 8 中的 8。</translation>
    </message>
    <message>
        <source>This judge has no stored replies yet: paste one below</source>
        <translation>这个评审还没有已保存的回复：请在下面粘贴一条</translation>
    </message>
    <message>
        <source>Reply {0}: {1}</source>
        <translation>回复 {0}：{1}</translation>
    </message>
    <message>
        <source>Select the verdict within one line of the reply.</source>
        <translation>请在回复的同一行内选中判定。</translation>
    </message>
    <message>
        <source>First select the verdict in the reply, by dragging over it.</source>
        <translation>请先在回复中用鼠标拖选判定。</translation>
    </message>
    <message>
        <source>In this reply the rule reads: {0}</source>
        <translation>规则在这条回复中读出：{0}</translation>
    </message>
    <message>
        <source>In this reply nothing is read: {0}</source>
        <translation>规则在这条回复中读不出判定：{0}</translation>
    </message>
</context>
<context>
    <name>ExportPacksDialog</name>
    <message>
        <source>Export Review Packs</source>
        <translation>导出复核包</translation>
    </message>
    <message>
        <source>Reviewers</source>
        <translation>复核人</translation>
    </message>
    <message>
        <source>ana, bo, cy (or one name per line)</source>
        <translation>ana, bo, cy（或每行一个名字）</translation>
    </message>
    <message>
        <source>The share of the rows every reviewer gets: where people&apos;s agreement with each other is measured. The rest is split among them.</source>
        <translation>每位复核人都会拿到的行所占的比例：人与人之间的一致性就在这些行上衡量。其余的行由他们分摊。</translation>
    </message>
    <message>
        <source>The same seed gives the same split</source>
        <translation>相同的种子得到相同的分配</translation>
    </message>
    <message>
        <source>every row</source>
        <translation>所有行</translation>
    </message>
    <message>
        <source>Show the judge&apos;s verdict in the packs</source>
        <translation>在复核包中显示评审的判定</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>A few words for the reviewers (optional)</source>
        <translation>给复核人的几句话（可选）</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>&amp;Reviewers:</source>
        <translation>复核人(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Overlap:</source>
        <translation>重叠(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>种子(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Least sure rows:</source>
        <translation>最没把握的行(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Instructions:</source>
        <translation>说明(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Write Packs</source>
        <translation>写出复核包(&amp;W)</translation>
    </message>
    <message>
        <source>Only the rows whose verdict the judge was least sure of (read from its probabilities): where people&apos;s reviews are worth the most.</source>
        <translation>只取评审最没把握的判决所在的行（由其概率得出）：人工审阅在这些行上最有价值。</translation>
    </message>
    <message>
        <source>No verdict has a confidence: turn on &quot;Keep the verdict&apos;s probabilities&quot; for a judge and run the project again.</source>
        <translation>没有任何判决带有置信度：请为某个评审开启“保留判决的概率”，然后重新运行项目。</translation>
    </message>
    <message>
        <source>Name the reviewers to see how the rows are split.</source>
        <translation>填写复核人的名字，即可看到各行如何分配。</translation>
    </message>
    <message>
        <source>Each reviewer&apos;s name must be given once: {0}.</source>
        <translation>每位复核人的名字只能出现一次：{0}。</translation>
    </message>
    <message>
        <source>1 reviewer, {0}: {1} {2}.</source>
        <translation>1 位复核人，{0}：{1} {2}。</translation>
    </message>
    <message>
        <source>{0} reviewers, {1}: {2} shared by everyone (where people&apos;s agreement is measured), {3} split. Rows each: {4}.</source>
        <translation>{0} 位复核人，{1}：{2} 行人人都有（在这些行上衡量人与人之间的一致性），{3} 行分摊。每人的行数：{4}。</translation>
    </message>
    <message>
        <source>Choose the folder for the packs</source>
        <translation>选择存放复核包的文件夹</translation>
    </message>
    <message>
        <source>Writing the packs…</source>
        <translation>正在写出复核包…</translation>
    </message>
    <message>
        <source>Written in {0}: {1}. Send each reviewer their file; they open it in JudgeDesk, review, and send it back for File › Import Reviews…</source>
        <translation>已写入 {0}：{1}。把各自的文件发给每位复核人；他们用 JudgeDesk 打开、复核后发回，再通过“文件 › 导入复核…”导入。</translation>
    </message>
    <message>
        <source>Off: people give their own verdicts without seeing the judge&apos;s, which measures how far people agree: the most a judge can be asked for. On, the rows of the random sample still go without it: their verdicts correct the judge&apos;s figures, so they must not lean on it.</source>
        <translation>关闭时：大家在看不到评审判定的情况下给出自己的判定，由此衡量人与人之间的一致程度——这也是对评审所能期望的上限。开启时，随机样本中的行仍不显示评审判定：这些判定用来校正评审的数字，不能受评审左右。</translation>
    </message>
</context>
<context>
    <name>FieldsPage</name>
    <message>
        <source>Match the columns</source>
        <translation>对应数据列</translation>
    </message>
    <message>
        <source>Tell JudgeDesk which column holds what. The guesses come from the column names; the preview shows what the judge will get for the first rows.</source>
        <translation>告诉 JudgeDesk 每一列是什么内容。初始选择是根据列名猜测的；预览显示评审在前几行中会收到的内容。</translation>
    </message>
    <message>
        <source>More columns: reasoning, two responses, category</source>
        <translation>更多列：推理过程、两份回答、类别</translation>
    </message>
    <message>
        <source>Show more column roles</source>
        <translation>显示更多列用途</translation>
    </message>
    <message>
        <source>Several models: compare their answers on a leaderboard</source>
        <translation>多个模型：在排行榜上比较它们的回答</translation>
    </message>
    <message>
        <source>Show the choice of several models</source>
        <translation>显示多个模型的选择</translation>
    </message>
    <message>
        <source>What the judge will see in the first rows:</source>
        <translation>评审在前几行中会看到的内容：</translation>
    </message>
    <message>
        <source>Preview of the first rows</source>
        <translation>前几行的预览</translation>
    </message>
    <message>
        <source>&amp;Question:</source>
        <translation>问题(&amp;Q)：</translation>
    </message>
    <message>
        <source>&amp;Reference answer:</source>
        <translation>参考答案(&amp;R)：</translation>
    </message>
    <message>
        <source>Res&amp;ponse to judge:</source>
        <translation>待评回答(&amp;P)：</translation>
    </message>
    <message>
        <source>Row &amp;ID:</source>
        <translation>行 ID(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Human rating:</source>
        <translation>人工评分(&amp;H)：</translation>
    </message>
    <message>
        <source>Reasoning:</source>
        <translation>推理过程：</translation>
    </message>
    <message>
        <source>Response A:</source>
        <translation>回答 A：</translation>
    </message>
    <message>
        <source>Response B:</source>
        <translation>回答 B：</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>类别：</translation>
    </message>
    <message>
        <source>The question or prompt the model was given.</source>
        <translation>被评模型收到的问题或提示词。</translation>
    </message>
    <message>
        <source>The correct or expected answer, if your data has one.</source>
        <translation>正确答案或期望的答案（如果数据中有）。</translation>
    </message>
    <message>
        <source>The model&apos;s answer that the judge will grade.</source>
        <translation>评审要评判的模型回答。</translation>
    </message>
    <message>
        <source>A column that names each row; row numbers are used otherwise.</source>
        <translation>用来标识每一行的列；不选时使用行号。</translation>
    </message>
    <message>
        <source>A person&apos;s rating, to compare the judge with people later.</source>
        <translation>人工给出的评分，便于以后把评审的结论与人工评价对比。</translation>
    </message>
    <message>
        <source>The model&apos;s thinking, if it was saved apart from the answer.</source>
        <translation>模型的思考过程（如果它与回答分开保存）。</translation>
    </message>
    <message>
        <source>The first of two answers, for templates that compare two.</source>
        <translation>两份回答中的第一份，供比较两份回答的模板使用。</translation>
    </message>
    <message>
        <source>The second of two answers, for templates that compare two.</source>
        <translation>两份回答中的第二份，供比较两份回答的模板使用。</translation>
    </message>
    <message>
        <source>A label to group results by (topic, task, language…).</source>
        <translation>用来给结果分组的标签（主题、任务、语言等）。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>These rows are chats (they have a “messages” column). The question and the reference answer are taken from each conversation, so you do not need to choose columns for them.</source>
        <translation>这些行是对话（含有“messages”列）。问题和参考答案会从每段对话中提取，无需为它们选择列。</translation>
    </message>
    <message>
        <source>Reading the ratings…</source>
        <translation>正在读取评分…</translation>
    </message>
    <message>
        <source>Read as scores: {0}</source>
        <translation>读作分数：{0}</translation>
    </message>
    <message>
        <source>{0} → {1} ({2})</source>
        <translation>{0} → {1}（{2}）</translation>
    </message>
    <message>
        <source>Read as: {0}</source>
        <translation>读作：{0}</translation>
    </message>
    <message>
        <source>“{0}” ({1})</source>
        <translation>“{0}”（{1}）</translation>
    </message>
    <message>
        <source>not understood, so left out: {0}</source>
        <translation>无法理解，因此不计入：{0}</translation>
    </message>
    <message>
        <source>None of its values is understood: {0}</source>
        <translation>这一列的值都无法理解：{0}</translation>
    </message>
    <message>
        <source>{0} empty</source>
        <translation>{0} 行为空</translation>
    </message>
    <message>
        <source>This column is empty in every row.</source>
        <translation>这一列在每一行都是空的。</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the parts of a sentence</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>A much better</source>
        <translation>A 明显更好</translation>
    </message>
    <message>
        <source>A better</source>
        <translation>A 更好</translation>
    </message>
    <message>
        <source>tie</source>
        <translation>平局</translation>
    </message>
    <message>
        <source>B better</source>
        <translation>B 更好</translation>
    </message>
    <message>
        <source>B much better</source>
        <translation>B 明显更好</translation>
    </message>
    <message>
        <source>A wins</source>
        <translation>A 胜</translation>
    </message>
    <message>
        <source>B wins</source>
        <translation>B 胜</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Choose the column with the question: the judge needs it.</source>
        <translation>请选择问题所在的列：评审需要它。</translation>
    </message>
    <message>
        <source>“{0}” is chosen for more than one role; check that this is meant.</source>
        <translation>“{0}”被选作多种用途，请确认这是有意为之。</translation>
    </message>
    <message>
        <source>No response is chosen: pick the column with the model&apos;s answers, or the judge will have nothing to grade.</source>
        <translation>还没有选择回答：请选择模型回答所在的列，否则评审没有可评判的内容。</translation>
    </message>
    <message>
        <source>{0} from “{1}”</source>
        <translation>“{1}”列作为{0}</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>In the first {0}: {1}</source>
        <translation>前 {0}中：{1}</translation>
    </message>
    <message>
        <source>none needed, the chats give the question and the reference</source>
        <translation>无需选择，问题和参考答案取自对话</translation>
    </message>
    <message>
        <source>none chosen</source>
        <translation>未选择</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>Clear the text to find</source>
        <translation>清除要查找的文本</translation>
    </message>
    <message>
        <source>Replace with</source>
        <translation>替换为</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Replace all</source>
        <translation>全部替换</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>{0} replaced</source>
        <translation>已替换 {0} 处</translation>
    </message>
    <message>
        <source>{0} matches</source>
        <translation>{0} 处匹配</translation>
    </message>
</context>
<context>
    <name>FindServersDialog</name>
    <message>
        <source>Find Local Servers</source>
        <translation>查找本机服务器</translation>
    </message>
    <message>
        <source>Model servers running on this computer, and model files in the usual folders of LM Studio and Ollama. Nothing is sent to another computer.</source>
        <translation>本机上正在运行的模型服务器，以及 LM Studio 和 Ollama 常用文件夹中的模型文件。不会向其他计算机发送任何内容。</translation>
    </message>
    <message>
        <source>Model servers running on this computer. Nothing is sent to another computer.</source>
        <translation>本机上正在运行的模型服务器。不会向其他计算机发送任何内容。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Servers and model files found</source>
        <translation>找到的服务器和模型文件</translation>
    </message>
    <message>
        <source>Add as Judge</source>
        <translation>添加为评审</translation>
    </message>
    <message>
        <source>Search Again</source>
        <translation>重新查找</translation>
    </message>
    <message>
        <source>Searching this computer…</source>
        <translation>正在查找本机…</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>{0} ({1} ms)</source>
        <translation>{0}（{1} 毫秒）</translation>
    </message>
    <message>
        <source>This server offers no model yet.</source>
        <translation>此服务器尚未提供任何模型。</translation>
    </message>
    <message>
        <source>No server answered: start Ollama (ollama serve), LM Studio&apos;s local server or llama-server -m &lt;model.gguf&gt;, then click Search Again.</source>
        <translation>没有服务器应答：请启动 Ollama（ollama serve）、LM Studio 的本地服务器或 llama-server -m &lt;model.gguf&gt;，然后点击“重新查找”。</translation>
    </message>
    <message>
        <source>Model files</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <source>No model file was found in the folders of LM Studio or Ollama: download a .gguf model file (for example from Hugging Face) to judge with it.</source>
        <translation>在 LM Studio 或 Ollama 的文件夹中没有找到模型文件：请下载一个 .gguf 模型文件（例如从 Hugging Face），即可用它来评审。</translation>
    </message>
</context>
<context>
    <name>FinishedRows</name>
    <message>
        <source>Rows finished</source>
        <translation>已完成的行</translation>
    </message>
    <message>
        <source>Rows &amp;finished</source>
        <translation>已完成的行(&amp;F)</translation>
    </message>
</context>
<context>
    <name>GeneralPreferences</name>
    <message>
        <source>Projects folder</source>
        <translation>项目存放文件夹</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Browse for the projects folder</source>
        <translation>浏览以选择项目存放文件夹</translation>
    </message>
    <message>
        <source>Reviewer</source>
        <translation>复核人</translation>
    </message>
    <message>
        <source>Go to the &amp;next row after a verdict</source>
        <translation>给出判定后转到下一行(&amp;N)</translation>
    </message>
    <message>
        <source>Look</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>As the desktop has it</source>
        <translation>跟随桌面</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>&amp;Projects folder:</source>
        <translation>项目存放文件夹(&amp;P)：</translation>
    </message>
    <message>
        <source>New projects go here unless you pick another folder.</source>
        <translation>新项目默认放在这里，除非您另选文件夹。</translation>
    </message>
    <message>
        <source>&amp;Reviewer:</source>
        <translation>复核人(&amp;R)：</translation>
    </message>
    <message>
        <source>The name saved with each review you make.</source>
        <translation>与您的每条复核一起保存的名字。</translation>
    </message>
    <message>
        <source>&amp;Look:</source>
        <translation>外观(&amp;L)：</translation>
    </message>
    <message>
        <source>Light or dark; by default as the desktop is set.</source>
        <translation>浅色或深色；默认跟随桌面设置。</translation>
    </message>
    <message>
        <source>Choose where new projects go</source>
        <translation>选择新项目的存放位置</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>JudgeDesk Guide</source>
        <translation>JudgeDesk 指南</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>指南</translation>
    </message>
</context>
<context>
    <name>HeatmapView</name>
    <message>
        <source>{0}: {1} · {2}: {3} · {4}</source>
        <translation>{0}：{1} · {2}：{3} · {4}</translation>
    </message>
</context>
<context>
    <name>HistorySection</name>
    <message>
        <source>Agreement history</source>
        <translation>一致性历史</translation>
    </message>
    <message>
        <source>Each version of a judge against people&apos;s verdicts on the same rows, newest first. A version&apos;s verdicts are pooled over the runs that used it.</source>
        <translation>评审的每个版本在相同行上与人工判定的对比，最新的在前。一个版本的判定汇总自使用它的所有运行。</translation>
    </message>
    <message>
        <source>Each version of each judge against people</source>
        <translation>每个评审的每个版本与人工判定的对比</translation>
    </message>
    <message>
        <source>Judge whose versions are compared</source>
        <translation>要比较其版本的评审</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>评审(&amp;J)：</translation>
    </message>
    <message>
        <source>Version A, before</source>
        <translation>版本 A（之前）</translation>
    </message>
    <message>
        <source>Version B, after</source>
        <translation>版本 B（之后）</translation>
    </message>
    <message>
        <source>Version &amp;A:</source>
        <translation>版本 &amp;A：</translation>
    </message>
    <message>
        <source>Version &amp;B:</source>
        <translation>版本 &amp;B：</translation>
    </message>
    <message>
        <source>Rows whose verdict moved</source>
        <translation>判定发生变化的行</translation>
    </message>
    <message>
        <source>&amp;Rows that moved (select one to see it in the inspector)</source>
        <translation>变化的行(&amp;R)（选中一行即可在检查器中查看）</translation>
    </message>
    <message>
        <source>{0} · run {1}</source>
        <translation>{0} · 运行 {1}</translation>
    </message>
    <message>
        <source>{0} · runs {1}</source>
        <translation>{0} · 运行 {1}</translation>
    </message>
    <message>
        <source>{0} (A)</source>
        <translation>{0}（A）</translation>
    </message>
    <message>
        <source>{0} (B)</source>
        <translation>{0}（B）</translation>
    </message>
    <message>
        <source>Version A and version B are the same: pick two different versions.</source>
        <translation>版本 A 和版本 B 相同：请选择两个不同的版本。</translation>
    </message>
    <message>
        <source>From {0} to {1}: {2} moved toward people, {3} away from them.</source>
        <translation>从 {0} 到 {1}：{2}更接近人工判定，{3} 行更偏离。</translation>
    </message>
</context>
<context>
    <name>HistoryTableModel</name>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>First used</source>
        <translation>首次使用</translation>
    </message>
    <message>
        <source>Rows compared</source>
        <translation>比较的行数</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Cohen&apos;s κ</source>
        <translation>科恩 κ</translation>
    </message>
    <message>
        <source>True-positive rate</source>
        <translation>真阳性率</translation>
    </message>
    <message>
        <source>True-negative rate</source>
        <translation>真阴性率</translation>
    </message>
    <message>
        <source>Agrees best</source>
        <translation>最一致</translation>
    </message>
    <message>
        <source>A short hash of the judge&apos;s template, system prompt, verdict reading, model and parameters: a new hash is a new version</source>
        <translation>评审的模板、系统提示词、判定读取方式、模型和参数的短哈希：哈希不同即为新版本</translation>
    </message>
    <message>
        <source>When the first run with this version started, and which run it was</source>
        <translation>首次使用此版本的运行开始的时间，以及是哪一次运行</translation>
    </message>
    <message>
        <source>Rows both this version and people gave a verdict for</source>
        <translation>此版本和人工都给出判定的行数</translation>
    </message>
    <message>
        <source>Share of those rows where this version gave the people&apos;s verdict</source>
        <translation>其中此版本给出与人工相同判定的比例</translation>
    </message>
    <message>
        <source>Agreement beyond chance: 1 is perfect, 0 no better than chance</source>
        <translation>排除偶然因素后的一致程度：1 为完全一致，0 为不比随机好</translation>
    </message>
    <message>
        <source>Of the rows people called correct, the share this version called correct</source>
        <translation>在人工判为正确的行中，此版本也判为正确的比例</translation>
    </message>
    <message>
        <source>Of the rows people called incorrect, the share this version called incorrect</source>
        <translation>在人工判为错误的行中，此版本也判为错误的比例</translation>
    </message>
    <message>
        <source>The version of each judge that agrees best with people (highest κ)</source>
        <translation>每个评审中与人工判定最一致的版本（κ 最高）</translation>
    </message>
    <message>
        <source>{0} · run {1}</source>
        <translation>{0} · 运行 {1}</translation>
    </message>
    <message>
        <source>★ best</source>
        <translation>★ 最佳</translation>
    </message>
</context>
<context>
    <name>JsonTreeModel</name>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>true/false</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>none</source>
        <translation>空</translation>
    </message>
    <message>
        <source>{0} more not shown</source>
        <translation>另有 {0} 项未显示</translation>
    </message>
    <message>
        <source>{0} fields</source>
        <translation>{0} 个字段</translation>
    </message>
    <message>
        <source>{0} items</source>
        <translation>{0} 项</translation>
    </message>
</context>
<context>
    <name>JudgeForm</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Run this judge</source>
        <translation>运行此评审</translation>
    </message>
    <message>
        <source>Model endpoint (OpenAI-compatible)</source>
        <translation>模型端点（兼容 OpenAI）</translation>
    </message>
    <message>
        <source>Model file (GGUF, runs here)</source>
        <translation>模型文件（在本机运行）</translation>
    </message>
    <message>
        <source>Rule, no model (offline)</source>
        <translation>规则，无需模型（离线）</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Choose a server to fill in its address…</source>
        <translation>选择服务器以填入其地址…</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>无密钥</translation>
    </message>
    <message>
        <source>Environment variable</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>System keyring</source>
        <translation>系统密钥环</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Variable name</source>
        <translation>变量名</translation>
    </message>
    <message>
        <source>API key to store</source>
        <translation>要保存的 API 密钥</translation>
    </message>
    <message>
        <source>Paste the key, then Store in keyring</source>
        <translation>粘贴密钥，然后点击“存入密钥环”</translation>
    </message>
    <message>
        <source>Store in keyring</source>
        <translation>存入密钥环</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>密钥</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>The model takes no system message</source>
        <translation>模型不接受系统消息</translation>
    </message>
    <message>
        <source>For models that refuse or ignore a system message: the system prompt is sent first in the user message, before the rendered template.</source>
        <translation>适用于拒绝或忽略系统消息的模型：系统提示词放在用户消息的开头发送，排在渲染出的模板之前。</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>server default</source>
        <translation>服务器默认值</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>最大词元数</translation>
    </message>
    <message>
        <source> per row</source>
        <translation> 次/行</translation>
    </message>
    <message>
        <source>Ask the judge this many times about each row: the row&apos;s verdict is the majority (or, for scores, the mean) of the answers, and the report shows how far the judge agrees with itself. Each time is a request of its own.</source>
        <translation>每行向评审模型提问的次数：该行的结论取各次回答的多数（评分则取平均），报告会显示评审与自身的一致程度。每次提问都是一个单独的请求。</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>采样次数</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>Requests at once</source>
        <translation>并发请求数</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source> per minute</source>
        <translation> 次/分钟</translation>
    </message>
    <message>
        <source>Rate limit</source>
        <translation>速率限制</translation>
    </message>
    <message>
        <source>How the verdict is read</source>
        <translation>判定的读取方式</translation>
    </message>
    <message>
        <source>Stream replies</source>
        <translation>流式接收回复</translation>
    </message>
    <message>
        <source>Ask for the reasoning apart from the answer</source>
        <translation>请求将推理过程与回答分开返回</translation>
    </message>
    <message>
        <source>Sends separate_reasoning: a reasoning model&apos;s thinking comes back in a field of its own. A server that does not know the field is asked again without it.</source>
        <translation>发送 separate_reasoning：推理模型的思考过程会放在单独的字段中返回。不认识该字段的服务器会在去掉它之后重新请求。</translation>
    </message>
    <message>
        <source>Keep the verdict&apos;s probabilities</source>
        <translation>保留判决的概率</translation>
    </message>
    <message>
        <source>Asks for the tokens&apos; probabilities (top_logprobs): a score becomes the expected score, a label the most probable one, a pair gets the chance that B is better. A server that does not give them is asked again without.</source>
        <translation>请求各词元的概率（top_logprobs）：评分变为期望分数，标签取最可能的一个，成对比较给出 B 更好的概率。不提供概率的服务器会在不带该字段的情况下再次请求。</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Paste the key first.</source>
        <translation>请先粘贴密钥。</translation>
    </message>
    <message>
        <source>The key is stored in the system keyring.</source>
        <translation>密钥已存入系统密钥环。</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <source>Connecting to {0}…</source>
        <translation>正在连接 {0}…</translation>
    </message>
    <message>
        <source>The model gives its tokens&apos; probabilities ({0} alternatives at a token): the verdicts&apos; probabilities can be read.</source>
        <translation>该模型返回词元概率（每个词元 {0} 个候选）：可以读取判决的概率。</translation>
    </message>
    <message>
        <source>The model gives no token probabilities here: its verdicts will be the ones it wrote. Use a server that returns logprobs, or turn probabilities off.</source>
        <translation>该模型在此不返回词元概率：判决将采用它写出的结果。请使用返回 logprobs 的服务器，或关闭概率。</translation>
    </message>
    <message>
        <source>Whether the model gives its tokens&apos; probabilities is not known: {0}</source>
        <translation>无法确定该模型是否返回词元概率：{0}</translation>
    </message>
    <message>
        <source>Connected in {0} ms — {1} models: {2}</source>
        <translation>已连接，用时 {0} 毫秒 — 共 {1} 个模型：{2}</translation>
    </message>
    <message>
        <source>serves {0} requests at a time</source>
        <translation>可同时处理 {0} 个请求</translation>
    </message>
    <message>
        <source>serves 1 request at a time</source>
        <translation>一次只处理 1 个请求</translation>
    </message>
</context>
<context>
    <name>JudgePage</name>
    <message>
        <source>Choose the judge</source>
        <translation>选择评审</translation>
    </message>
    <message>
        <source>Who grades the answers. You can change this and add more judges later in the Judges pane.</source>
        <translation>由谁来评判回答。之后可以在“评审”面板中修改，或添加更多评审。</translation>
    </message>
    <message>
        <source>A &amp;model grades each answer</source>
        <translation>由模型评判每个回答(&amp;M)</translation>
    </message>
    <message>
        <source>Kind of server</source>
        <translation>服务器类型</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
    <message>
        <source>Find Local Servers…</source>
        <translation>查找本机服务器…</translation>
    </message>
    <message>
        <source>List the model servers running on this computer and pick a model</source>
        <translation>列出本机上正在运行的模型服务器并选择一个模型</translation>
    </message>
    <message>
        <source>Address (base URL)</source>
        <translation>地址（基础 URL）</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>Model name</source>
        <translation>模型名称</translation>
    </message>
    <message>
        <source>e.g. qwen2.5:7b — or leave empty and pick it later with Test connection</source>
        <translation>例如 qwen2.5:7b；也可以留空，以后用“测试连接”选择</translation>
    </message>
    <message>
        <source>Model &amp;name:</source>
        <translation>模型名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Environment variable with the API key</source>
        <translation>存放 API 密钥的环境变量</translation>
    </message>
    <message>
        <source>e.g. OPENAI_API_KEY — empty if none is needed</source>
        <translation>例如 OPENAI_API_KEY；不需要密钥时留空</translation>
    </message>
    <message>
        <source>The name of the environment variable that holds the key. The key itself is never written into the project.</source>
        <translation>填写存放密钥的环境变量的名称。密钥本身绝不会写入项目。</translation>
    </message>
    <message>
        <source>API &amp;key variable:</source>
        <translation>API 密钥变量(&amp;K)：</translation>
    </message>
    <message>
        <source>A model file on this computer (&amp;GGUF)</source>
        <translation>本机上的模型文件（GGUF）(&amp;G)</translation>
    </message>
    <message>
        <source>An &amp;offline check (no model needed)</source>
        <translation>离线检查，无需模型(&amp;O)</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查方式</translation>
    </message>
    <message>
        <source>&amp;Check:</source>
        <translation>检查方式(&amp;C)：</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>e.g. \bParis\b</source>
        <translation>例如 ^[A-D]$</translation>
    </message>
    <message>
        <source>&amp;Pattern:</source>
        <translation>表达式(&amp;P)：</translation>
    </message>
    <message>
        <source>Enter the server&apos;s address.</source>
        <translation>请输入服务器地址。</translation>
    </message>
    <message>
        <source>The address should start with http:// or https://.</source>
        <translation>地址应以“http://”或“https://”开头。</translation>
    </message>
    <message>
        <source>This looks like the API key itself. Enter the name of the environment variable that holds it instead, e.g. OPENAI_API_KEY.</source>
        <translation>这看起来像是 API 密钥本身。请改为填写存放密钥的环境变量名称，例如 OPENAI_API_KEY。</translation>
    </message>
    <message>
        <source>A variable name has only letters, digits and _ and does not start with a digit.</source>
        <translation>变量名只能包含字母、数字和 _，且不能以数字开头。</translation>
    </message>
    <message>
        <source>Enter the pattern the answers should match.</source>
        <translation>请输入回答应当匹配的正则表达式。</translation>
    </message>
    <message>
        <source>The pattern is not valid: {0}.</source>
        <translation>正则表达式无效：{0}。</translation>
    </message>
    <message>
        <source>This check compares each answer with the reference answer, but no column is chosen for it. Go Back to choose one.</source>
        <translation>此检查会把每个回答与参考答案比较，但还没有为参考答案选择列。请点击“上一步”返回选择。</translation>
    </message>
    <message>
        <source>offline check “{0}”</source>
        <translation>离线检查“{0}”</translation>
    </message>
    <message>
        <source>the model file {0}</source>
        <translation>模型文件 {0}</translation>
    </message>
    <message>
        <source>a model at {0} (choose which one later in the Judges pane)</source>
        <translation>{0} 上的模型（以后在“评审”面板中选择具体模型）</translation>
    </message>
    <message>
        <source>{0} at {1}</source>
        <translation>{1} 上的 {0}</translation>
    </message>
</context>
<context>
    <name>JudgeReaderRow</name>
    <message>
        <source>How the verdict is read</source>
        <translation>判定的读取方式</translation>
    </message>
    <message>
        <source>As the template asks (chosen automatically)</source>
        <translation>按模板的要求（自动选择）</translation>
    </message>
    <message>
        <source>A score such as Score: [[7]]</source>
        <translation>分数，例如 Score: [[7]]</translation>
    </message>
    <message>
        <source>A comparison [[A&gt;&gt;B]] … [[B&gt;&gt;A]]</source>
        <translation>比较 [[A&gt;&gt;B]] … [[B&gt;&gt;A]]</translation>
    </message>
    <message>
        <source>A five-way choice A++ … B++</source>
        <translation>五级选择 A++ … B++</translation>
    </message>
    <message>
        <source>Correct or incorrect (A or B)</source>
        <translation>正确或错误（A 或 B）</translation>
    </message>
    <message>
        <source>JSON with an overall score</source>
        <translation>带总分的 JSON</translation>
    </message>
    <message>
        <source>MT-Bench comparison: [[A]], [[B]] or [[C]] for a tie</source>
        <translation>MT-Bench 比较：[[A]]、[[B]]，平局为 [[C]]</translation>
    </message>
    <message>
        <source>Prometheus grade: [RESULT] 1 to 5</source>
        <translation>Prometheus 评分：[RESULT] 1 到 5</translation>
    </message>
    <message>
        <source>Prometheus comparison: [RESULT] A or B</source>
        <translation>Prometheus 比较：[RESULT] A 或 B</translation>
    </message>
    <message>
        <source>LLMBar choice: Output (a) or Output (b)</source>
        <translation>LLMBar 选择：Output (a) 或 Output (b)</translation>
    </message>
    <message>
        <source>JudgeLM&apos;s two scores on the first line</source>
        <translation>JudgeLM 第一行的两个分数</translation>
    </message>
    <message>
        <source>My own rule…</source>
        <translation>我自己的规则……</translation>
    </message>
    <message>
        <source>Edit the rule…</source>
        <translation>编辑规则……</translation>
    </message>
</context>
<context>
    <name>JudgesListModel</name>
    <message>
        <source> (off)</source>
        <translation>（已停用）</translation>
    </message>
</context>
<context>
    <name>JudgesPane</name>
    <message>
        <source>Judges, in the order they run</source>
        <translation>评审（按运行顺序排列）</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Find Local Servers…</source>
        <translation>查找本机服务器…</translation>
    </message>
    <message>
        <source>List the model servers and model files on this computer, to add as judges</source>
        <translation>列出本机上的模型服务器和模型文件，以添加为评审</translation>
    </message>
    <message>
        <source>Add judge “{0}”</source>
        <translation>添加评审“{0}”</translation>
    </message>
    <message>
        <source>Remove judge “{0}”</source>
        <translation>移除评审“{0}”</translation>
    </message>
    <message>
        <source>Move judge</source>
        <translation>移动评审</translation>
    </message>
    <message>
        <source>Suggest a Revision…</source>
        <translation>建议修订…</translation>
    </message>
    <message>
        <source>A model rewrites the template from the judge&apos;s disagreements with people</source>
        <translation>由一个模型根据评审与人工的分歧改写模板</translation>
    </message>
    <message>
        <source>Edit judge “{0}”</source>
        <translation>编辑评审“{0}”</translation>
    </message>
    <message>
        <source>Change how “{0}” reads its verdicts</source>
        <translation>更改“{0}”读取判定的方式</translation>
    </message>
    <message>
        <source>Read the stored replies again?</source>
        <translation>重新读取已保存的回复？</translation>
    </message>
    <message>
        <source>The judge&apos;s new rule applies to replies read from now on. Read the replies already stored again now, to recompute the results? No judge is asked.</source>
        <translation>评审的新规则只用于今后读取的回复。现在就重新读取已保存的回复并重新计算结果吗？不会再询问任何评审。</translation>
    </message>
    <message>
        <source>Store the key of “{0}”</source>
        <translation>保存“{0}”的密钥</translation>
    </message>
</context>
<context>
    <name>KeyApproval</name>
    <message>
        <source>this model</source>
        <translation>此模型</translation>
    </message>
    <message>
        <source>{0} sends {1} to {2}</source>
        <translation>{0} 会把 {1} 发送到 {2}</translation>
    </message>
    <message>
        <source>Nothing was sent: {0}, and you did not allow it. Check the address in the Judges pane; when it is right, try again and choose Allow.</source>
        <translation>没有发送任何内容：{0}，而您没有允许。请在“评审”面板中检查地址；确认无误后再试一次并选择“允许”。</translation>
    </message>
    <message>
        <source>Send your key to this address?</source>
        <translation>把您的密钥发送到这个地址？</translation>
    </message>
    <message>
        <source>{0}

Allow?</source>
        <translation>{0}

允许吗？</translation>
    </message>
    <message>
        <source>Whoever runs that address receives the key and can use it on your account. A project from elsewhere could point a judge at its author&apos;s server this way. Allow only an address you know. You are asked once for each key and address; Edit › Preferences lists what you allowed and takes it back.</source>
        <translation>运行该地址的人会收到这个密钥，并能以您的账户使用它。来自别处的项目可能借此把评审模型指向其作者的服务器。请只允许您认识的地址。每个密钥和地址只问一次；“编辑 › 首选项”列出您允许过的内容，也可在那里撤销。</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>允许</translation>
    </message>
    <message>
        <source>Read a file from outside the project?</source>
        <translation>读取项目文件夹之外的文件？</translation>
    </message>
    <message>
        <source>The project {0} reads its data from outside its folder:
{1}

Read it?</source>
        <translation>项目 {0} 从其文件夹之外读取数据：
{1}

读取吗？</translation>
    </message>
    <message>
        <source>It was not chosen on this computer. A project from elsewhere could send any of your files to a judge this way. Allow it only if it is the data you mean; Edit › Preferences lists what you allowed and takes it back.</source>
        <translation>这个文件不是在这台电脑上选择的。来自别处的项目可能借此把您的任意文件发送给评审模型。只有当它确实是您要用的数据时才允许；“编辑 › 首选项”列出您允许过的内容，也可在那里撤销。</translation>
    </message>
    <message>
        <source>Read It</source>
        <translation>读取</translation>
    </message>
</context>
<context>
    <name>KindDelegate</name>
    <message>
        <source>Kind of value</source>
        <translation>值的类型</translation>
    </message>
</context>
<context>
    <name>LeaderboardWords</name>
    <message>
        <source>wins {0} against {1}</source>
        <translation>对 {1} 胜率 {0}</translation>
    </message>
    <message>
        <source>no score</source>
        <translation>无分数</translation>
    </message>
    <message>
        <source>{0}: {1} {2}, {3}</source>
        <translation>{0}：{1} {2}，{3}</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Score (Elo scale) with its 95 % interval</source>
        <translation>分数（Elo 尺度）及其 95% 区间</translation>
    </message>
    <message>
        <source>No battle was judged yet: run the project.</source>
        <translation>还没有评判过任何对决：请运行项目。</translation>
    </message>
    <message>
        <source>Leaderboard: {0}.</source>
        <translation>排行榜：{0}。</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>排行榜</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>95 % interval</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <source>Battles</source>
        <translation>对决数</translation>
    </message>
    <message>
        <source>Against the baseline</source>
        <translation>对基线</translation>
    </message>
    <message>
        <source>1 battle</source>
        <translation>1 场对决</translation>
    </message>
    <message>
        <source>{0} battles</source>
        <translation>{0} 场对决</translation>
    </message>
    <message>
        <source>{0} is 1000</source>
        <translation>{0} 为 1000</translation>
    </message>
    <message>
        <source>the scores&apos; mean is 1000</source>
        <translation>分数的平均值为 1000</translation>
    </message>
    <message>
        <source>Bradley–Terry scores from the judge&apos;s verdicts on each pair of models in {2} rows ({0}; 400 points mean 10 to 1 odds), with 95 % intervals from {1} rounds of a bootstrap over the battles.</source>
        <translation>根据评审模型对 {2} 行中每对模型的判决拟合的 Bradley–Terry 分数（{0}；相差 400 分即胜负比为 10 比 1），95% 区间来自对各场对决 {1} 轮的自助抽样。</translation>
    </message>
    <message>
        <source>Left out: {0} battles where a model gave no answer, {1} without a verdict.</source>
        <translation>未计入：{0} 场对决中有模型没有回答，{1} 场没有判决。</translation>
    </message>
</context>
<context>
    <name>LocalFileRows</name>
    <message>
        <source>Choose a model file</source>
        <translation>选择模型文件</translation>
    </message>
    <message>
        <source>Model files (*.gguf);;All files (*)</source>
        <translation>模型文件 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The process that runs the model could not start ({0}). Installing JudgeDesk again usually mends this.</source>
        <translation>运行模型的进程无法启动（{0}）。重新安装 JudgeDesk 通常可以解决。</translation>
    </message>
    <message>
        <source>Model file</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <source>A .gguf file, as LM Studio and Ollama keep them</source>
        <translation>LM Studio 或 Ollama 保存的 `.gguf` 模型文件</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个词元</translation>
    </message>
    <message>
        <source>How much text the model reads at once: the prompt and its reply together.</source>
        <translation>模型一次能读取的文本量：提示词与回复加在一起。</translation>
    </message>
    <message>
        <source>Context size</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>as many as this computer has</source>
        <translation>与本机核心数相同</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>处理器线程数</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Layers of the model given to a graphics card: 0 runs it all on the CPU; “all” gives the card every layer it can take.</source>
        <translation>交给显卡运行的模型层数：0 表示全部在处理器上运行；“全部”表示把显卡能承担的层都交给它。</translation>
    </message>
    <message>
        <source>GPU layers</source>
        <translation>显卡层数</translation>
    </message>
    <message>
        <source>chosen here ({0})</source>
        <translation>在此选择（{0}）</translation>
    </message>
    <message>
        <source> rows</source>
        <translation> 行</translation>
    </message>
    <message>
        <source>Rows the model writes together: several cost little more time than one. Each needs its own context, so fewer are decoded when memory is short.</source>
        <translation>模型一起生成的行数：几行同时生成几乎不比一行多花时间。每行都需要自己的上下文，内存不足时会同时解码更少的行。</translation>
    </message>
    <message>
        <source>Rows at once</source>
        <translation>同时处理的行数</translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>正在读取文件…</translation>
    </message>
    <message>
        <source>needs about {0} GiB of memory</source>
        <translation>约需 {0} GiB 内存</translation>
    </message>
    <message>
        <source>needs about {0} GiB; {1} GiB free</source>
        <translation>约需 {0} GiB；可用 {1} GiB</translation>
    </message>
    <message>
        <source> — it does not fit. Close other programs, lower the context size, or choose a smaller (more quantised) file.</source>
        <translation> — 内存不够。请关闭其他程序、调小上下文长度，或选择更小（量化程度更高）的文件。</translation>
    </message>
    <message>
        <source>Loaded in {0} s</source>
        <translation>已加载，用时 {0} 秒</translation>
    </message>
    <message>
        <source>Choose the model file first: Browse… finds it.</source>
        <translation>请先选择模型文件：点击“浏览…”查找。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Judging</source>
        <translation>评审过程</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>JudgeDesk opens project folders and datasets (JSONL, JSON, CSV, TSV, XLSX, Parquet). Drop one of those.</source>
        <translation>JudgeDesk 可以打开项目文件夹和数据集（JSONL、JSON、CSV、TSV、XLSX、Parquet）。请拖入其中一种。</translation>
    </message>
    <message>
        <source>No project open.</source>
        <translation>未打开项目。</translation>
    </message>
    <message>
        <source>Whether the project&apos;s scripts may run</source>
        <translation>项目的脚本是否可以运行</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New Project…</source>
        <translation>新建项目(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open Project…</source>
        <translation>打开项目(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Trust Project Scripts…</source>
        <translation>信任项目脚本(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Import Dataset…</source>
        <translation>导入数据集(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Export Results…</source>
        <translation>导出结果(&amp;E)…</translation>
    </message>
    <message>
        <source>Open Re&amp;view Pack…</source>
        <translation>打开复核包(&amp;V)…</translation>
    </message>
    <message>
        <source>Export Review &amp;Pack…</source>
        <translation>导出复核包(&amp;P)…</translation>
    </message>
    <message>
        <source>Import Revie&amp;ws…</source>
        <translation>导入复核(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Row &amp;Inspector</source>
        <translation>行详情(&amp;I)</translation>
    </message>
    <message>
        <source>Re&amp;view</source>
        <translation>复核(&amp;V)</translation>
    </message>
    <message>
        <source>Draw a &amp;Random Sample…</source>
        <translation>抽取随机样本(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Calibrate Judges…</source>
        <translation>校准评审(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Same as the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>JudgeDesk &amp;Guide</source>
        <translation>JudgeDesk 指南(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;About JudgeDesk</source>
        <translation>关于 JudgeDesk(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Undo {0}</source>
        <translation>撤销{0}(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo {0}</source>
        <translation>重做{0}(&amp;R)</translation>
    </message>
    <message>
        <source>Scripts blocked</source>
        <translation>脚本已阻止</translation>
    </message>
    <message>
        <source>The new language is used from the next start of JudgeDesk.</source>
        <translation>新的语言将在下次启动 JudgeDesk 时生效。</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <source>Indexing {0}…</source>
        <translation>正在为 {0} 建立索引…</translation>
    </message>
    <message>
        <source>The dataset was not read: it is outside the project folder and you did not allow it. Open the project again to be asked again.</source>
        <translation>未读取数据集：它位于项目文件夹之外，而您没有允许读取。重新打开项目即可再次被询问。</translation>
    </message>
    <message>
        <source>{0} · {1}</source>
        <translation>{0} · {1}</translation>
    </message>
    <message>
        <source>JudgeDesk</source>
        <translation>JudgeDesk</translation>
    </message>
    <message>
        <source>About JudgeDesk</source>
        <translation>关于 JudgeDesk</translation>
    </message>
    <message>
        <source>&lt;b&gt;JudgeDesk {0}&lt;/b&gt;&lt;p&gt;A desktop workbench for LLM-as-judge evaluation: write the judge&apos;s prompt, run it, review its verdicts and report.&lt;/p&gt;</source>
        <translation>&lt;b&gt;JudgeDesk {0}&lt;/b&gt;&lt;p&gt;以大语言模型作评审的评测桌面工作台：编写评审提示词、运行评审、复核结论并出具报告。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>A run is going on</source>
        <translation>正在运行</translation>
    </message>
    <message>
        <source>Quit and stop the run? Replies received so far are kept: running again later asks only for the rest.</source>
        <translation>退出并停止运行吗？已收到的回复会保留：之后再次运行只会询问剩下的部分。</translation>
    </message>
</context>
<context>
    <name>MapEditor</name>
    <message>
        <source>The judge writes</source>
        <translation>评审写的是</translation>
    </message>
    <message>
        <source>It means</source>
        <translation>它的含义</translation>
    </message>
    <message>
        <source>Add a label</source>
        <translation>添加标签</translation>
    </message>
    <message>
        <source>A much better (A&gt;&gt;B)</source>
        <translation>A 好得多（A&gt;&gt;B）</translation>
    </message>
    <message>
        <source>A better (A&gt;B)</source>
        <translation>A 更好（A&gt;B）</translation>
    </message>
    <message>
        <source>A tie (A=B)</source>
        <translation>平局（A=B）</translation>
    </message>
    <message>
        <source>B better (B&gt;A)</source>
        <translation>B 更好（B&gt;A）</translation>
    </message>
    <message>
        <source>B much better (B&gt;&gt;A)</source>
        <translation>B 好得多（B&gt;&gt;A）</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Label {0}, as the judge writes it</source>
        <translation>标签 {0}（评审写的原样）</translation>
    </message>
    <message>
        <source>as the judge writes it</source>
        <translation>照评审写的原样</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>一个数字</translation>
    </message>
    <message>
        <source>the label itself</source>
        <translation>标签本身</translation>
    </message>
    <message>
        <source>What label {0} means</source>
        <translation>标签 {0} 的含义</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove label {0}</source>
        <translation>移除标签 {0}</translation>
    </message>
    <message>
        <source>Numbers are read as they are. List words only if the judge answers in words (for example “good” means 4).</source>
        <translation>数字会按原样读取。只有当评审用文字作答时才需要列出标签（例如“好”表示 4）。</translation>
    </message>
    <message>
        <source>With no labels listed, A&gt;&gt;B … B&gt;&gt;A, A, B, tie and 1 to 5 are understood. Once you list labels, only the listed ones are read.</source>
        <translation>不列标签时，可以读懂 A&gt;&gt;B … B&gt;&gt;A、A、B、tie 以及 1 到 5。一旦列出标签，就只读取列出的标签。</translation>
    </message>
    <message>
        <source>With no labels listed, yes/no, correct/incorrect, true/false and 1/0 are understood. Once you list labels, only the listed ones are read.</source>
        <translation>不列标签时，可以读懂 yes/no、correct/incorrect、true/false、1/0 以及“是/否”“对/错”。一旦列出标签，就只读取列出的标签。</translation>
    </message>
    <message>
        <source>With no labels listed, any label the judge writes is kept. Once you list labels, only the listed ones are read.</source>
        <translation>不列标签时，评审写的任何标签都会保留。一旦列出标签，就只读取列出的标签。</translation>
    </message>
</context>
<context>
    <name>MissingVariables</name>
    <message>
        <source>Also add the project &amp;variables it needs</source>
        <translation>同时添加它需要的项目变量(&amp;V)</translation>
    </message>
    <message>
        <source>{0} (empty)</source>
        <translation>{0}（空）</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>ModelBox</name>
    <message>
        <source>Use the server of a judge</source>
        <translation>使用某个评审的服务器</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>服务器地址</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Where the API key is</source>
        <translation>API 密钥所在位置</translation>
    </message>
    <message>
        <source>env:NAME or keyring:service/user; empty for none</source>
        <translation>env:NAME 或 keyring:service/user；没有则留空</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>Prompt template</source>
        <translation>提示词模板</translation>
    </message>
    <message>
        <source>a template file in the project; empty: the row&apos;s question or chat</source>
        <translation>项目中的模板文件；留空则直接提问该行的问题或对话</translation>
    </message>
    <message>
        <source>What the model is asked for each row, rendered as the judges&apos; templates are, e.g. templates/candidate.j2 holding {{ data.question }}.</source>
        <translation>每一行向模型提出的内容，渲染方式与评审模型的模板相同，例如内容为 {{ data.question }} 的 templates/candidate.j2。</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Same server as:</source>
        <translation>与此评审同一服务器：</translation>
    </message>
    <message>
        <source>Server address:</source>
        <translation>服务器地址：</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API 密钥：</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>系统提示词：</translation>
    </message>
    <message>
        <source>Prompt template:</source>
        <translation>提示词模板：</translation>
    </message>
    <message>
        <source>(type it below)</source>
        <translation>（在下方填写）</translation>
    </message>
    <message>
        <source>{0}: give a server address and a model.</source>
        <translation>{0}：请填写服务器地址和模型。</translation>
    </message>
    <message>
        <source>{0}: type where the key is (env:NAME), never the key itself.</source>
        <translation>{0}：请填写密钥所在位置（env:NAME），切勿填写密钥本身。</translation>
    </message>
    <message>
        <source>Connecting to {0}…</source>
        <translation>正在连接 {0}…</translation>
    </message>
    <message>
        <source>Connected in {0} ms — {1} models</source>
        <translation>已连接，用时 {0} 毫秒 — {1} 个模型</translation>
    </message>
</context>
<context>
    <name>ModelFileBox</name>
    <message>
        <source>Model file</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <source>A .gguf file, as LM Studio and Ollama keep them</source>
        <translation>一个 .gguf 文件，LM Studio 和 Ollama 就以这种格式保存模型</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Browse for the model file</source>
        <translation>浏览以选择模型文件</translation>
    </message>
    <message>
        <source>Model &amp;file:</source>
        <translation>模型文件(&amp;F)：</translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>正在读取文件…</translation>
    </message>
    <message>
        <source>Choose the model file: Browse… finds it.</source>
        <translation>请选择模型文件：点击“浏览…”查找。</translation>
    </message>
</context>
<context>
    <name>ModelsBox</name>
    <message>
        <source>Columns holding a model&apos;s answers</source>
        <translation>存放各模型回答的列</translation>
    </message>
    <message>
        <source>Baseline model</source>
        <translation>基线模型</translation>
    </message>
    <message>
        <source>Pairs judged</source>
        <translation>评判的配对</translation>
    </message>
    <message>
        <source>Each model against the baseline</source>
        <translation>每个模型对基线</translation>
    </message>
    <message>
        <source>Every two models</source>
        <translation>每两个模型</translation>
    </message>
    <message>
        <source>Tick the column of each model&apos;s answers. The judge compares them a pair at a time, shown as Response A and Response B, and the report ranks them on a leaderboard with the baseline at 1000.</source>
        <translation>勾选每个模型回答所在的列。评审模型每次比较一对回答（显示为回答 A 和回答 B），报告在排行榜上为它们排名，基线为 1000 分。</translation>
    </message>
    <message>
        <source>&amp;Models:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Baseline:</source>
        <translation>基线(&amp;B)：</translation>
    </message>
    <message>
        <source>Pa&amp;irs:</source>
        <translation>配对(&amp;I)：</translation>
    </message>
</context>
<context>
    <name>MovedRowsModel</name>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Moved</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>People</source>
        <translation>人工判定</translation>
    </message>
    <message>
        <source>▲ toward people</source>
        <translation>▲ 更接近人工</translation>
    </message>
    <message>
        <source>▼ away from people</source>
        <translation>▼ 更偏离人工</translation>
    </message>
</context>
<context>
    <name>NameCompleter</name>
    <message>
        <source>Names the template can use</source>
        <translation>模板可用的名称</translation>
    </message>
</context>
<context>
    <name>NewProjectWizard</name>
    <message>
        <source>New Project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <source>&amp;Create Project</source>
        <translation>创建项目(&amp;C)</translation>
    </message>
    <message>
        <source>• Data: {0} ({1}), {2}</source>
        <translation>• 数据：{0}（{1}），{2}</translation>
    </message>
    <message>
        <source>copied into the project</source>
        <translation>复制到项目中</translation>
    </message>
    <message>
        <source>used where it is</source>
        <translation>在原位置使用</translation>
    </message>
    <message>
        <source>• Columns: {0}</source>
        <translation>• 列：{0}</translation>
    </message>
    <message>
        <source>• Template: {0}</source>
        <translation>• 模板：{0}</translation>
    </message>
    <message>
        <source>• Judge: {0}</source>
        <translation>• 评审：{0}</translation>
    </message>
    <message>
        <source>• Models: {0}, baseline {1}; {2} pairs judged on each row</source>
        <translation>• 模型：{0}，基线 {1}；每行评判 {2} 对</translation>
    </message>
</context>
<context>
    <name>NextStepBar</name>
    <message>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Next:</source>
        <translation>下一步：</translation>
    </message>
    <message>
        <source>Hide this hint until there is another step</source>
        <translation>隐藏此提示，直到出现新的下一步</translation>
    </message>
    <message>
        <source>Hide the next step</source>
        <translation>隐藏下一步</translation>
    </message>
</context>
<context>
    <name>PackActions</name>
    <message>
        <source>Review packs (*{0})</source>
        <translation>复核包 (*{0})</translation>
    </message>
    <message>
        <source>Open a review pack</source>
        <translation>打开复核包</translation>
    </message>
    <message>
        <source>Open a project and let its dataset be read first.</source>
        <translation>请先打开一个项目，并等待其数据集读取完毕。</translation>
    </message>
    <message>
        <source>The dataset is still being read: try again when done.</source>
        <translation>数据集仍在读取中：读取完毕后再试。</translation>
    </message>
    <message>
        <source>Review packs written: {0}</source>
        <translation>已写出复核包：{0}</translation>
    </message>
    <message>
        <source>Import reviews from review packs</source>
        <translation>从复核包导入复核</translation>
    </message>
    <message>
        <source>Reviews are being imported: try again when done.</source>
        <translation>正在导入复核：完成后再试。</translation>
    </message>
    <message>
        <source>Importing reviews…</source>
        <translation>正在导入复核…</translation>
    </message>
    <message>
        <source>{0}: not imported. {1}</source>
        <translation>{0}：未导入。{1}</translation>
    </message>
    <message>
        <source>Reviews imported from {0} of {1} files.</source>
        <translation>已从 {1} 个文件中的 {0} 个导入复核。</translation>
    </message>
    <message>
        <source>Import Reviews</source>
        <translation>导入复核</translation>
    </message>
</context>
<context>
    <name>PackCard</name>
    <message>
        <source>The row under review</source>
        <translation>正在复核的行</translation>
    </message>
    <message>
        <source>Take back your verdict; the flag and note stay (⌫)</source>
        <translation>撤回你的判定；标记和备注保留（⌫）</translation>
    </message>
    <message>
        <source>Next row after a verdict</source>
        <translation>给出判定后转到下一行</translation>
    </message>
    <message>
        <source>After a verdict key, go to the next row</source>
        <translation>按下判定键后，转到下一行</translation>
    </message>
    <message>
        <source>&lt;b&gt;J&lt;/b&gt;/&lt;b&gt;↓&lt;/b&gt; next, &lt;b&gt;K&lt;/b&gt;/&lt;b&gt;↑&lt;/b&gt; previous</source>
        <translation>&lt;b&gt;J&lt;/b&gt;/&lt;b&gt;↓&lt;/b&gt; 下一行，&lt;b&gt;K&lt;/b&gt;/&lt;b&gt;↑&lt;/b&gt; 上一行</translation>
    </message>
    <message>
        <source>&lt;b&gt;F&lt;/b&gt; flag, &lt;b&gt;E&lt;/b&gt; note (&lt;b&gt;Esc&lt;/b&gt; back), &lt;b&gt;⌫&lt;/b&gt; clear</source>
        <translation>&lt;b&gt;F&lt;/b&gt; 标记，&lt;b&gt;E&lt;/b&gt; 备注（&lt;b&gt;Esc&lt;/b&gt; 返回），&lt;b&gt;⌫&lt;/b&gt; 清除</translation>
    </message>
    <message>
        <source>Open a review pack (File › Open Review Pack…) to review its rows.</source>
        <translation>打开一个复核包（文件 › 打开复核包…）即可复核其中的行。</translation>
    </message>
    <message>
        <source>Row {0} of {1} · {2}</source>
        <translation>第 {0} 行，共 {1} 行 · {2}</translation>
    </message>
    <message>
        <source>The conversation before it</source>
        <translation>之前的对话</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>No question in this row.</source>
        <translation>此行没有问题。</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>No answer in this row.</source>
        <translation>此行没有回答。</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考答案</translation>
    </message>
    <message>
        <source>The judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>The judge&apos;s verdict: {0}</source>
        <translation>评审的判定：{0}</translation>
    </message>
</context>
<context>
    <name>PackQueue</name>
    <message>
        <source>The pack&apos;s rows</source>
        <translation>复核包中的行</translation>
    </message>
    <message>
        <source>No review pack is open.</source>
        <translation>未打开复核包。</translation>
    </message>
    <message>
        <source>File › Open Review Pack… (Ctrl+O)</source>
        <translation>文件 › 打开复核包…（Ctrl+O）</translation>
    </message>
    <message>
        <source>From the project “{0}” · {1}</source>
        <translation>来自项目“{0}” · {1}</translation>
    </message>
    <message>
        <source>Review pack — {0} — {1} of {2} reviewed</source>
        <translation>复核包 — {0} — 已复核 {1}/{2}</translation>
    </message>
</context>
<context>
    <name>PackQueueModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Your verdict</source>
        <translation>你的判定</translation>
    </message>
    <message>
        <source>⚑</source>
        <translation>⚑</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>The row&apos;s place in this pack</source>
        <translation>此行在复核包中的位置</translation>
    </message>
    <message>
        <source>The row&apos;s id in the project&apos;s dataset</source>
        <translation>此行在项目数据集中的 ID</translation>
    </message>
    <message>
        <source>Flagged for a second look</source>
        <translation>已标记，稍后再看</translation>
    </message>
</context>
<context>
    <name>PackReviews</name>
    <message>
        <source>Verdict {0} on {1}</source>
        <translation>判定 {1} 为 {0}</translation>
    </message>
    <message>
        <source>Flag on {0}</source>
        <translation>标记 {0}</translation>
    </message>
    <message>
        <source>Clear the verdict of {0}</source>
        <translation>清除 {0} 的判定</translation>
    </message>
    <message>
        <source>Note on {0}</source>
        <translation>{0} 的备注</translation>
    </message>
</context>
<context>
    <name>PackWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Review Pack…</source>
        <translation>打开复核包(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Open a review pack</source>
        <translation>打开复核包</translation>
    </message>
    <message>
        <source>Opening {0}…</source>
        <translation>正在打开 {0}…</translation>
    </message>
    <message>
        <source>Saved in {0}</source>
        <translation>已保存到 {0}</translation>
    </message>
    <message>
        <source>Review pack — JudgeDesk</source>
        <translation>复核包 — JudgeDesk</translation>
    </message>
    <message>
        <source>Key {0} gives no verdict on this scale.</source>
        <translation>在此量表上，按键 {0} 不对应任何判定。</translation>
    </message>
    <message>
        <source>Review packs (*{0})</source>
        <translation>复核包 (*{0})</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>&amp;Undo {0}</source>
        <translation>撤销{0}(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo {0}</source>
        <translation>重做{0}(&amp;R)</translation>
    </message>
    <message>
        <source>Not saved: {0}</source>
        <translation>未保存：{0}</translation>
    </message>
    <message>
        <source>Your last changes could not be saved into the pack: {0}. They are kept in this window and saving is tried again at your next change; if the file cannot be written, free some space or check that you may write to its folder.</source>
        <translation>最近的修改未能保存到复核包：{0}。它们仍保留在此窗口中，下次修改时会再次尝试保存；如果文件无法写入，请腾出磁盘空间，或检查你是否有权写入它所在的文件夹。</translation>
    </message>
    <message>
        <source>Reviews not saved</source>
        <translation>复核未保存</translation>
    </message>
    <message>
        <source>Your last changes could not be saved into the pack ({0}). Try saving again, or leave without them?</source>
        <translation>最近的修改未能保存到复核包（{0}）。要再试一次保存，还是放弃这些修改离开？</translation>
    </message>
    <message>
        <source>JudgeDesk</source>
        <translation>JudgeDesk</translation>
    </message>
</context>
<context>
    <name>PairWords</name>
    <message>
        <source>B wins</source>
        <translation>B 胜</translation>
    </message>
    <message>
        <source>Ties</source>
        <translation>平局</translation>
    </message>
    <message>
        <source>B loses</source>
        <translation>B 负</translation>
    </message>
    <message>
        <source>Score (tie = ½)</source>
        <translation>得分（平局计 ½）</translation>
    </message>
    <message>
        <source>Graded score</source>
        <translation>分级得分</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Share of pairs</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Pairwise results: {0}.</source>
        <translation>成对比较结果：{0}。</translation>
    </message>
    <message>
        <source>{0}: consistent</source>
        <translation>{0}：前后一致</translation>
    </message>
    <message>
        <source>{0}: first shown wins</source>
        <translation>{0}：先出现者胜</translation>
    </message>
    <message>
        <source>{0}: longer wins</source>
        <translation>{0}：较长者胜</translation>
    </message>
    <message>
        <source>B is the evaluated answer, A the other one (a second model, a baseline or the reference).</source>
        <translation>B 是被评估的回答，A 是另一份（另一个模型、基线或参考答案）。</translation>
    </message>
    <message>
        <source>For each judge: consistent — the same verdict with the answers in either order; first shown wins — of its decisive verdicts, how often the answer shown first won (about half without position bias); longer wins — how often the longer answer won.</source>
        <translation>每个评审：前后一致——两种顺序下判定相同；先出现者胜——在分出胜负的判定中，先出现的回答获胜的比例（没有位置偏好时约为一半）；较长者胜——较长的回答获胜的比例。</translation>
    </message>
    <message>
        <source>Pairs judged differently in the two orders, counted as ties: {0}.</source>
        <translation>两种顺序下判定不一致、记为平局的对数：{0}。</translation>
    </message>
    <message>
        <source>Pairs: B against A</source>
        <translation>成对比较：B 对 A</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Based on</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>The {0} judges agree with each other at α = {1} over {2}.</source>
        <translation>{0} 个评审彼此之间的一致性为 α = {1}（共 {2}）。</translation>
    </message>
    <message>
        <source>Judge “{0}”, asked {1} times per row, agrees with itself at α = {2} over {3}.</source>
        <translation>评审“{0}”每行提问 {1} 次，在 {3}上的自身一致性为 α = {2}。</translation>
    </message>
    <message>
        <source>Judge “{0}”, asked {1} times per row: its agreement with itself cannot be measured yet (no row with two verdicts read, or every verdict the same).</source>
        <translation>评审“{0}”每行提问 {1} 次：暂时无法衡量其自身一致性（没有一行读出了两个结论，或所有结论都相同）。</translation>
    </message>
    <message>
        <source>n = {0}</source>
        <translation>n = {0}</translation>
    </message>
    <message>
        <source>(95% interval {0:.1%}–{1:.1%})</source>
        <translation>（95% 区间 {0:.1%}–{1:.1%}）</translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <translation>{1} 中的 {0}</translation>
    </message>
</context>
<context>
    <name>PeopleSection</name>
    <message>
        <source>People</source>
        <translation>人工判定</translation>
    </message>
    <message>
        <source>Agreement of each pair, as a table</source>
        <translation>每一对之间的一致程度（表格）</translation>
    </message>
    <message>
        <source>Only one person&apos;s verdicts: how far people agree with each other needs the verdicts of two or more. Import another person&apos;s labels to compare.</source>
        <translation>只有一个人的判定：要知道人与人之间有多一致，需要两个或更多人的判定。导入另一个人的标注即可比较。</translation>
    </message>
    <message>
        <source>Too few rows judged and reviewed by several people to compare.</source>
        <translation>既有评审判定、又有多人复核的行太少，无法比较。</translation>
    </message>
    <message>
        <source>The judge agrees with people at κ {0}; people agree with each other at κ {1} (α {2}, n = {3}).</source>
        <translation>评审与人工判定的一致度为 κ {0}；人与人之间的一致度为 κ {1}（α {2}，n = {3}）。</translation>
    </message>
    <message>
        <source>– (too few rows with two verdicts)</source>
        <translation>–（有两个判定的行太少）</translation>
    </message>
    <message>
        <source>{0} (n = {1}, too few rows for an interval)</source>
        <translation>{0}（n = {1}，行数太少，无法给出区间）</translation>
    </message>
    <message>
        <source>{0} (95% interval {1}–{2}, n = {3})</source>
        <translation>{0}（95% 区间 {1}–{2}，n = {3}）</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α across {0}: {1}. {2}</source>
        <translation>{0} 之间的 Krippendorff α：{1}。{2}</translation>
    </message>
    <message>
        <source>Verdicts are compared as names: any two different verdicts disagree as much.</source>
        <translation>判定按名称比较：任意两个不同的判定，分歧都一样大。</translation>
    </message>
    <message>
        <source>Verdicts are compared by their order: verdicts further apart disagree more.</source>
        <translation>判定按先后顺序比较：相隔越远的判定，分歧越大。</translation>
    </message>
    <message>
        <source>Verdicts are compared as numbers: scores further apart disagree more.</source>
        <translation>判定按数值比较：分数相差越多，分歧越大。</translation>
    </message>
    <message>
        <source>Verdicts are compared as numbers measured from zero: scores further apart disagree more.</source>
        <translation>判定按从零起算的数值比较：分数相差越多，分歧越大。</translation>
    </message>
    <message>
        <source>People&apos;s consensus: on each row, the mean of the scores people gave.</source>
        <translation>人工共识：每一行取各人所给分数的平均值。</translation>
    </message>
    <message>
        <source>People&apos;s consensus: on each row, the verdict most people gave (rows where they are split evenly are left out).</source>
        <translation>人工共识：每一行取多数人给出的判定（意见各半的行不计入）。</translation>
    </message>
    <message>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <source>{0} – {1}</source>
        <translation>{0} – {1}</translation>
    </message>
    <message>
        <source>Judge – {0}</source>
        <translation>评审 – {0}</translation>
    </message>
    <message>
        <source>Judge – people&apos;s consensus</source>
        <translation>评审 – 人工共识</translation>
    </message>
</context>
<context>
    <name>PeopleTableModel</name>
    <message>
        <source>Who</source>
        <translation>比较对象</translation>
    </message>
    <message>
        <source>Rows compared</source>
        <translation>比较的行数</translation>
    </message>
    <message>
        <source>Exact agreement</source>
        <translation>完全一致</translation>
    </message>
    <message>
        <source>Cohen&apos;s κ</source>
        <translation>科恩 κ</translation>
    </message>
    <message>
        <source>Rows both gave a verdict for</source>
        <translation>双方都给出了判定的行</translation>
    </message>
    <message>
        <source>Share of those rows where both gave the same verdict</source>
        <translation>这些行中双方判定相同的比例</translation>
    </message>
    <message>
        <source>Agreement beyond chance: 1 is perfect, 0 no better than chance; scores and ordered verdicts count near misses as partly agreeing (quadratic weights)</source>
        <translation>排除偶然因素后的一致程度：1 为完全一致，0 为不比随机好；对分数和有序判定，相近的判定算作部分一致（二次加权）</translation>
    </message>
</context>
<context>
    <name>PipelineSidebar</name>
    <message>
        <source>Stages</source>
        <translation>阶段</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>信任</translation>
    </message>
</context>
<context>
    <name>PreviewTableModel</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考答案</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Human rating</source>
        <translation>人工评分</translation>
    </message>
    <message>
        <source>Templates see this as {{{{ {0} }}}}</source>
        <translation>在模板中写作 {{{{ {0} }}}}</translation>
    </message>
</context>
<context>
    <name>ProjectActions</name>
    <message>
        <source>Export in progress</source>
        <translation>正在导出</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to “{0}”?</source>
        <translation>是否保存对“{0}”的更改？</translation>
    </message>
    <message>
        <source>If you don&apos;t save, your changes will be lost.</source>
        <translation>如果不保存，你的更改将会丢失。</translation>
    </message>
    <message>
        <source>Restore unsaved changes?</source>
        <translation>恢复未保存的更改？</translation>
    </message>
    <message>
        <source>JudgeDesk closed without saving this project. Changes made up to {0} were kept. Restore them?</source>
        <translation>JudgeDesk 上次关闭时没有保存此项目，截至 {0} 的更改已保留下来。要恢复这些更改吗？</translation>
    </message>
    <message>
        <source>Opening {0}…</source>
        <translation>正在打开 {0}…</translation>
    </message>
    <message>
        <source>Unsaved changes restored. Save to keep them.</source>
        <translation>已恢复未保存的更改。请保存以保留它们。</translation>
    </message>
    <message>
        <source>This project&apos;s scripts may run already.</source>
        <translation>此项目的脚本已经可以运行。</translation>
    </message>
    <message>
        <source>This project has no scripts to trust.</source>
        <translation>此项目没有需要信任的脚本。</translation>
    </message>
    <message>
        <source>Opened without running its scripts. File › Trust Project Scripts… allows them.</source>
        <translation>已打开，但不运行其脚本。“文件 › 信任项目脚本…”可允许它们运行。</translation>
    </message>
    <message>
        <source>The scripts of {0} may run.</source>
        <translation>{0} 的脚本现在可以运行。</translation>
    </message>
    <message>
        <source>Open a project folder</source>
        <translation>打开项目文件夹</translation>
    </message>
    <message>
        <source>Saved {0}.</source>
        <translation>已保存 {0}。</translation>
    </message>
    <message>
        <source>Save the project as a new folder</source>
        <translation>将项目另存为新文件夹</translation>
    </message>
    <message>
        <source>Saved as {0}.</source>
        <translation>已另存为 {0}。</translation>
    </message>
    <message>
        <source>Import a dataset</source>
        <translation>导入数据集</translation>
    </message>
    <message>
        <source>Datasets ({0});;All files (*)</source>
        <translation>数据集 ({0});;所有文件 (*)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <source>Export the results</source>
        <translation>导出结果</translation>
    </message>
    <message>
        <source>An export is being written: try again when it is done.</source>
        <translation>正在写入一个导出文件：请等它完成后再试。</translation>
    </message>
    <message>
        <source>Exporting to {0}…</source>
        <translation>正在导出到 {0}…</translation>
    </message>
    <message>
        <source>Exported {0} to {1}.</source>
        <translation>已将 {0} 导出到 {1}。</translation>
    </message>
</context>
<context>
    <name>ProjectPage</name>
    <message>
        <source>Name and save the project</source>
        <translation>命名并保存项目</translation>
    </message>
    <message>
        <source>A project is a folder that keeps the settings, the template and the results together. Click Create Project to make it.</source>
        <translation>项目就是一个文件夹，把设置、模板和结果保存在一起。点击“创建项目”即可生成。</translation>
    </message>
    <message>
        <source>Project name</source>
        <translation>项目名称</translation>
    </message>
    <message>
        <source>Project folder</source>
        <translation>项目文件夹</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Browse for the project folder</source>
        <translation>浏览以选择项目文件夹</translation>
    </message>
    <message>
        <source>A new folder is made there; it must be new or empty.</source>
        <translation>将在此处创建项目文件夹；该文件夹必须不存在或为空。</translation>
    </message>
    <message>
        <source>&amp;Copy the dataset into the project folder</source>
        <translation>将数据集复制到项目文件夹中(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>What will be made:</source>
        <translation>将要创建的内容：</translation>
    </message>
    <message>
        <source>Summary of the new project</source>
        <translation>新项目概要</translation>
    </message>
    <message>
        <source>Problems creating the project</source>
        <translation>创建项目时遇到的问题</translation>
    </message>
    <message>
        <source>Choose where to put the project</source>
        <translation>选择项目的存放位置</translation>
    </message>
    <message>
        <source>Recommended: the project keeps working when the original file is moved or changed.</source>
        <translation>推荐：即使原文件被移动或修改，项目也能照常使用。</translation>
    </message>
    <message>
        <source>The project will read the file where it is now; do not move it.</source>
        <translation>项目将从文件的当前位置读取它，请不要移动该文件。</translation>
    </message>
    <message>
        <source>Creating the project…</source>
        <translation>正在创建项目…</translation>
    </message>
    <message>
        <source>The project was not created: {0}</source>
        <translation>未能创建项目：{0}</translation>
    </message>
</context>
<context>
    <name>PromptPreviewView</name>
    <message>
        <source>&amp;What the judge receives</source>
        <translation>评审收到的内容(&amp;W)</translation>
    </message>
    <message>
        <source>An estimate: about 4 characters per token for English, 1 per Chinese character. Each model&apos;s tokenizer counts a little differently.</source>
        <translation>这是估算值：英文约每 4 个字符算 1 个词元，中文每个字算 1 个。各模型的分词器计数略有差异。</translation>
    </message>
    <message>
        <source>Rendered prompt</source>
        <translation>渲染后的提示词</translation>
    </message>
    <message>
        <source>&amp;Problems</source>
        <translation>问题(&amp;P)</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>用户消息</translation>
    </message>
    <message>
        <source>Nothing can be rendered until the problems below are fixed.</source>
        <translation>修正下面的问题后才能渲染。</translation>
    </message>
    <message>
        <source>≈ {0} tokens</source>
        <translation>≈ {0} 个词元</translation>
    </message>
    <message>
        <source>No dataset rows to show: values read from a row print as nothing.</source>
        <translation>没有可显示的数据集行：从行中读取的值都会输出为空。</translation>
    </message>
    <message>
        <source>Line {0}: {1}</source>
        <translation>第 {0} 行：{1}</translation>
    </message>
    <message>
        <source>Click to go to the line</source>
        <translation>点击跳转到该行</translation>
    </message>
    <message>
        <source>&amp;Problems ({0})</source>
        <translation>问题（{0}）(&amp;P)</translation>
    </message>
    <message>
        <source>No problems for this row.</source>
        <translation>此行没有问题。</translation>
    </message>
    <message>
        <source>“{0}” is not defined for this row, so it prints as nothing. Check the spelling against the dataset&apos;s fields, or define it as a project variable.</source>
        <translation>“{0}”在此行中未定义，因此输出为空。请对照数据集的字段检查拼写，或把它定义为项目变量。</translation>
    </message>
    <message>
        <source>“{0}” has no value (None) for this row, so it prints as nothing.</source>
        <translation>“{0}”在此行中没有值（None），因此输出为空。</translation>
    </message>
    <message>
        <source>“{0}” is empty for this row, so it prints as nothing.</source>
        <translation>“{0}”在此行中是空的，因此输出为空。</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>RepliesBox</name>
    <message>
        <source>Judge replies for postprocess</source>
        <translation>后处理使用的评审回复</translation>
    </message>
    <message>
        <source>Use the sample even if a run kept replies</source>
        <translation>即使运行已保存回复，也使用示例回复</translation>
    </message>
    <message>
        <source>Use the sample reply</source>
        <translation>使用示例回复</translation>
    </message>
    <message>
        <source>Sample judge reply</source>
        <translation>示例评审回复</translation>
    </message>
    <message>
        <source>Paste or type a reply as a judge would write it; &lt;think&gt;…&lt;/think&gt; is passed as reasoning_content, as in a run.</source>
        <translation>粘贴或输入一条评审可能写出的回复；与正式运行一样，&lt;think&gt;…&lt;/think&gt; 会作为 reasoning_content 传入。</translation>
    </message>
    <message>
        <source>A judge&apos;s reply, e.g. “… Rating: [[7]]”</source>
        <translation>一条评审回复，例如“…… Rating: [[7]]”</translation>
    </message>
    <message>
        <source>S&amp;ample reply</source>
        <translation>示例回复(&amp;A)</translation>
    </message>
    <message>
        <source>Last try used: {0}</source>
        <translation>上次试运行使用的是：{0}</translation>
    </message>
    <message>
        <source>This row has no stored judge replies (it was not judged yet), so the sample reply below is used.</source>
        <translation>这一行没有已保存的评审回复（尚未评判过），因此使用下面的示例回复。</translation>
    </message>
    <message>
        <source>The sample reply below is used; the stored replies are left aside.</source>
        <translation>使用下面的示例回复；已保存的回复暂不使用。</translation>
    </message>
    <message>
        <source>Used: {0} The sample reply below is not used.</source>
        <translation>使用：{0} 下面的示例回复不会被使用。</translation>
    </message>
</context>
<context>
    <name>ReportPane</name>
    <message>
        <source>Results to report</source>
        <translation>要报告的结果</translation>
    </message>
    <message>
        <source>&amp;Results of:</source>
        <translation>结果来源(&amp;R)：</translation>
    </message>
    <message>
        <source>Show figures as &amp;tables</source>
        <translation>以表格显示数据(&amp;T)</translation>
    </message>
    <message>
        <source>Each chart&apos;s figures as a table, for reading exact values</source>
        <translation>把每个图表的数据显示为表格，便于读取确切数值</translation>
    </message>
    <message>
        <source>&amp;Copy Summary</source>
        <translation>复制摘要(&amp;C)</translation>
    </message>
    <message>
        <source>Put the summary on the clipboard as plain text</source>
        <translation>把摘要以纯文本复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Write these results as CSV, JSON Lines, an Excel workbook or an HTML report</source>
        <translation>把这些结果写成 CSV、JSON Lines、Excel 工作簿或 HTML 报告</translation>
    </message>
    <message>
        <source>C&amp;alibrate…</source>
        <translation>校准(&amp;A)…</translation>
    </message>
    <message>
        <source>Compare the enabled judges with people on a tuning part and measure the one chosen on a test part (Ctrl+Shift+K)</source>
        <translation>在调优部分将已启用的评审与人工比较，并在测试部分衡量选定的评审（Ctrl+Shift+K）</translation>
    </message>
    <message>
        <source>The judge&apos;s figure is its own view of every row; the corrected one shifts it by how far people and the judge differ on the random sample.</source>
        <translation>评审的数字是它自己对所有行的看法；校正后的数字按人与评审在随机样本上的差异加以调整。</translation>
    </message>
    <message>
        <source>Break results down by</source>
        <translation>按此字段细分结果</translation>
    </message>
    <message>
        <source>Break &amp;down by:</source>
        <translation>细分依据(&amp;D)：</translation>
    </message>
    <message>
        <source>Leaderboard of the rows of</source>
        <translation>排行榜所用的行</translation>
    </message>
    <message>
        <source>&amp;Rows:</source>
        <translation>行(&amp;R)：</translation>
    </message>
    <message>
        <source>C&amp;harts</source>
        <translation>图表(&amp;H)</translation>
    </message>
    <message>
        <source>Compare &amp;Two Runs</source>
        <translation>比较两次运行(&amp;T)</translation>
    </message>
    <message>
        <source>Latest result of each row</source>
        <translation>每行的最新结果</translation>
    </message>
    <message>
        <source>(no breakdown)</source>
        <translation>（不细分）</translation>
    </message>
    <message>
        <source>Computing the report…</source>
        <translation>正在计算报告…</translation>
    </message>
    <message>
        <source>No results yet.</source>
        <translation>还没有结果。</translation>
    </message>
    <message>
        <source>Run the project (the Run pane, Ctrl+R): its results are reported here.</source>
        <translation>运行项目（“运行”面板，Ctrl+R），结果会在这里报告。</translation>
    </message>
    <message>
        <source>All rows</source>
        <translation>所有行</translation>
    </message>
    <message>
        <source>The summary is on the clipboard.</source>
        <translation>摘要已复制到剪贴板。</translation>
    </message>
</context>
<context>
    <name>ReportTerms</name>
    <message>
        <source>– (no rows)</source>
        <translation>–（没有行）</translation>
    </message>
    <message>
        <source>{0} (n = {1}, too few rows for an interval)</source>
        <translation>{0}（n = {1}，行数太少，无法给出区间）</translation>
    </message>
    <message>
        <source>{0} (95% interval {1}–{2}, n = {3})</source>
        <translation>{0}（95% 区间 {1}–{2}，n = {3}）</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>(no value)</source>
        <translation>（无值）</translation>
    </message>
    <message>
        <source>(all others)</source>
        <translation>（其余全部）</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>无判定</translation>
    </message>
    <message>
        <source>not judged</source>
        <translation>未评审</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>Run {0} · {1} · {2}</source>
        <translation>运行 {0} · {1} · {2}</translation>
    </message>
    <message>
        <source>calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>all rows</source>
        <translation>全部行</translation>
    </message>
    <message>
        <source>those that failed</source>
        <translation>失败的行</translation>
    </message>
    <message>
        <source>those with no verdict</source>
        <translation>无判定的行</translation>
    </message>
    <message>
        <source>{0}, {1} only</source>
        <translation>{0}，仅{1}</translation>
    </message>
</context>
<context>
    <name>ReportWords</name>
    <message>
        <source>Accuracy {0}</source>
        <translation>准确率 {0}</translation>
    </message>
    <message>
        <source>Win rate {0} · ties {1} · losses {2}</source>
        <translation>胜率 {0} · 平 {1} · 负 {2}</translation>
    </message>
    <message>
        <source>Mean score {0}</source>
        <translation>平均分 {0}</translation>
    </message>
    <message>
        <source>The verdicts are labels: the distribution shows how often each was given.</source>
        <translation>判定是标签：分布图显示每种判定出现的次数。</translation>
    </message>
    <message>
        <source>No verdicts yet: every row failed or gave no verdict.</source>
        <translation>还没有判定：每一行都失败了或没有给出判定。</translation>
    </message>
    <message>
        <source>No results yet.</source>
        <translation>还没有结果。</translation>
    </message>
    <message>
        <source>{0} human labels from the dataset</source>
        <translation>{0} 个来自数据集的人工标注</translation>
    </message>
    <message>
        <source>labels: {0} decided where reviewers disagreed, {1} combining several reviewers&apos;</source>
        <translation>标签：{0} 行在复核者意见不一处裁定，{1} 行综合了多位复核者的判定</translation>
    </message>
    <message>
        <source>1 disagreement · {1} flagged</source>
        <translation>1 处分歧 · {1} 个已标记</translation>
    </message>
    <message>
        <source>{0} disagreements · {1} flagged</source>
        <translation>{0} 处分歧 · {1} 个已标记</translation>
    </message>
    <message>
        <source>{0} reviewed before the judge&apos;s verdict changed</source>
        <translation>{0} 行在评审的判定改变之前复核</translation>
    </message>
    <message>
        <source>No rows have both a person&apos;s and the judge&apos;s verdict yet.</source>
        <translation>还没有同时具有人工判定和评审判定的行。</translation>
    </message>
    <message>
        <source>Cohen&apos;s kappa, quadratic weights</source>
        <translation>Cohen&apos;s kappa（二次加权）</translation>
    </message>
    <message>
        <source>Cohen&apos;s kappa</source>
        <translation>Cohen&apos;s kappa</translation>
    </message>
    <message>
        <source>Same verdict on {0} of rows · {1} {2} (n = {3})</source>
        <translation>{0} 的行判定相同 · {1} {2}（n = {3}）</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Distribution of {0} verdicts: {1}.</source>
        <translation>{0} 个判定的分布：{1}。</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>No verdicts to show yet: run the project, then come back.</source>
        <translation>还没有可显示的判定：请先运行项目，再回到这里。</translation>
    </message>
    <message>
        <source>Score distribution</source>
        <translation>分数分布</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>{0}: {1} ok · {2} failed · {3} no verdict</source>
        <translation>{0}：{1} 成功 · {2} 失败 · {3} 无判定</translation>
    </message>
    <message>
        <source>Reviewed by hand: {0} of {1} ({2})</source>
        <translation>人工复核：{1}中的 {0} 行（{2}）</translation>
    </message>
    <message>
        <source>{0}: {1} ({2})</source>
        <translation>{0}：{1}（{2}）</translation>
    </message>
    <message>
        <source>How often each verdict was given, over {0} with a verdict.</source>
        <translation>每种判定出现的次数，基于有判定的 {0}。</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>胜率</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>平均分</translation>
    </message>
    <message>
        <source>n = {0}</source>
        <translation>n = {0}</translation>
    </message>
    <message>
        <source>(95% interval {0})</source>
        <translation>（95% 区间 {0}）</translation>
    </message>
    <message>
        <source>{0} (n = {1})</source>
        <translation>{0}（n = {1}）</translation>
    </message>
    <message>
        <source>By “{0}”</source>
        <translation>按“{0}”</translation>
    </message>
    <message>
        <source>By category</source>
        <translation>按类别</translation>
    </message>
    <message>
        <source>Choose a field to break the results down by.</source>
        <translation>选择一个字段来细分结果。</translation>
    </message>
    <message>
        <source>No row has a result to break down yet.</source>
        <translation>还没有可以细分的结果。</translation>
    </message>
    <message>
        <source>{0} for each value of “{1}”: {2}.</source>
        <translation>“{1}”每个取值的{0}：{2}。</translation>
    </message>
    <message>
        <source>{0} for each value of the field, with its 95% interval (the line); n is the number of rows with a verdict.</source>
        <translation>该字段每个取值的{0}及其 95% 区间（横线）；n 是有判定的行数。</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <source>Person agrees</source>
        <translation>人工一致率</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Mean score of each dimension: {0}.</source>
        <translation>各维度的平均分：{0}。</translation>
    </message>
    <message>
        <source>Per dimension</source>
        <translation>各维度</translation>
    </message>
    <message>
        <source>The mean of each dimension the judge scored in its JSON verdicts, with its 95% interval; n is the number of rows scoring it.</source>
        <translation>评审在 JSON 判定中给出的各维度平均分及其 95% 区间；n 是给出该维度分数的行数。</translation>
    </message>
    <message>
        <source>Person</source>
        <translation>人工</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>person {0}, judge {1}: {2}</source>
        <translation>人工 {0}，评审 {1}：{2}</translation>
    </message>
    <message>
        <source>No person&apos;s verdicts yet. Review rows by hand, or map a dataset column that holds human labels (the “human” field), to see how far the judge agrees.</source>
        <translation>还没有人工判定。请人工复核一些行，或映射一个含人工标注的数据集列（“human”字段），即可看到评审与人的一致程度。</translation>
    </message>
    <message>
        <source>Person against judge, {0}: {1}.</source>
        <translation>人工与评审对照，{0}：{1}。</translation>
    </message>
    <message>
        <source>Rows: the person&apos;s verdict; columns: the judge&apos;s.</source>
        <translation>行：人工的判定；列：评审的判定。</translation>
    </message>
    <message>
        <source>{0}. {1} Outlined squares: the same verdict.</source>
        <translation>{0}。{1}加框的格子：判定相同。</translation>
    </message>
    <message>
        <source>Person vs judge</source>
        <translation>人工与评审对照</translation>
    </message>
    <message>
        <source>Run {0} → run {1}: {2} judged in both, {3} changed.</source>
        <translation>运行 {0} → 运行 {1}：两次都评审过的有 {2}，其中 {3} 行有变化。</translation>
    </message>
    <message>
        <source>Run {0}: {1}</source>
        <translation>运行 {0}：{1}</translation>
    </message>
    <message>
        <source>The two runs agree on {0} of rows (Cohen&apos;s kappa {1}).</source>
        <translation>两次运行在 {0} 的行上判定一致（Cohen&apos;s kappa {1}）。</translation>
    </message>
    <message>
        <source>Person vs judge: {0}</source>
        <translation>人工与评审对照：{0}</translation>
    </message>
</context>
<context>
    <name>ReviewCard</name>
    <message>
        <source>The row under review</source>
        <translation>正在复核的行</translation>
    </message>
    <message>
        <source>A · Agree</source>
        <translation>A · 同意</translation>
    </message>
    <message>
        <source>Agree</source>
        <translation>同意</translation>
    </message>
    <message>
        <source>D · Disagree</source>
        <translation>D · 不同意</translation>
    </message>
    <message>
        <source>Disagree</source>
        <translation>不同意</translation>
    </message>
    <message>
        <source>Take back your verdict and agree / disagree; the flag and note stay (⌫)</source>
        <translation>撤回你的判定以及同意/不同意；标记和备注保留（⌫）</translation>
    </message>
    <message>
        <source>Reviewer</source>
        <translation>复核人</translation>
    </message>
    <message>
        <source>The name saved with each review you make</source>
        <translation>与你的每条复核一起保存的名字</translation>
    </message>
    <message>
        <source>Blind</source>
        <translation>盲评</translation>
    </message>
    <message>
        <source>Hide the judge&apos;s verdict until you have given yours, so it cannot sway you</source>
        <translation>在你给出判定之前隐藏评审的判定，以免受其影响</translation>
    </message>
    <message>
        <source>Next row after a verdict</source>
        <translation>给出判定后转到下一行</translation>
    </message>
    <message>
        <source>After a verdict key (or A, or D on correct/incorrect), go to the next row</source>
        <translation>按下判定键（或 A，或在正确/错误判定时按 D）后，转到下一行</translation>
    </message>
    <message>
        <source>Re&amp;viewer</source>
        <translation>复核人(&amp;V)</translation>
    </message>
    <message>
        <source>Dimensions</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Your score for each dimension the judge scored; the judge&apos;s is shown greyed in the field until you type yours. Enter or Tab keeps it.</source>
        <translation>你为评审打分的每个维度给出的分数；在你输入之前，框中以灰色显示评审的分数。按回车键或制表键保存。</translation>
    </message>
    <message>
        <source>&lt;b&gt;J&lt;/b&gt;/&lt;b&gt;↓&lt;/b&gt;/&lt;b&gt;N&lt;/b&gt; next, &lt;b&gt;K&lt;/b&gt;/&lt;b&gt;↑&lt;/b&gt;/&lt;b&gt;P&lt;/b&gt; previous</source>
        <translation>&lt;b&gt;J&lt;/b&gt;/&lt;b&gt;↓&lt;/b&gt;/&lt;b&gt;N&lt;/b&gt; 下一行，&lt;b&gt;K&lt;/b&gt;/&lt;b&gt;↑&lt;/b&gt;/&lt;b&gt;P&lt;/b&gt; 上一行</translation>
    </message>
    <message>
        <source>&lt;b&gt;A&lt;/b&gt; agree, &lt;b&gt;D&lt;/b&gt; disagree, &lt;b&gt;F&lt;/b&gt; flag</source>
        <translation>&lt;b&gt;A&lt;/b&gt; 同意，&lt;b&gt;D&lt;/b&gt; 不同意，&lt;b&gt;F&lt;/b&gt; 标记</translation>
    </message>
    <message>
        <source>&lt;b&gt;E&lt;/b&gt; note (&lt;b&gt;Esc&lt;/b&gt; back), &lt;b&gt;⌫&lt;/b&gt; clear</source>
        <translation>&lt;b&gt;E&lt;/b&gt; 备注（&lt;b&gt;Esc&lt;/b&gt; 返回），&lt;b&gt;⌫&lt;/b&gt; 清除</translation>
    </message>
    <message>
        <source>Agree with the judge&apos;s verdict (A)</source>
        <translation>同意评审的判定（A）</translation>
    </message>
    <message>
        <source>Disagree with the judge&apos;s verdict (D)</source>
        <translation>不同意评审的判定（D）</translation>
    </message>
    <message>
        <source>Blind mode: give your own verdict first</source>
        <translation>盲评模式：请先给出你自己的判定</translation>
    </message>
    <message>
        <source>Your score for {0}</source>
        <translation>你给“{0}”的分数</translation>
    </message>
    <message>
        <source>The judge gave {0}</source>
        <translation>评审给出 {0}</translation>
    </message>
</context>
<context>
    <name>ReviewCursor</name>
    <message>
        <source>That was the last row of the queue.</source>
        <translation>这已是队列的最后一行。</translation>
    </message>
</context>
<context>
    <name>ReviewFilterBar</name>
    <message>
        <source>Rows to show</source>
        <translation>要显示的行</translation>
    </message>
    <message>
        <source>All rows</source>
        <translation>所有行</translation>
    </message>
    <message>
        <source>Not yet reviewed by me</source>
        <translation>我尚未复核</translation>
    </message>
    <message>
        <source>Reviewed</source>
        <translation>已复核</translation>
    </message>
    <message>
        <source>Disagreements</source>
        <translation>有分歧</translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>Failed rows</source>
        <translation>失败的行</translation>
    </message>
    <message>
        <source>Rows with no verdict</source>
        <translation>无判定的行</translation>
    </message>
    <message>
        <source>Judge changed since review</source>
        <translation>复核后评审结果有变</translation>
    </message>
    <message>
        <source>Reviewers disagree</source>
        <translation>复核者意见不一</translation>
    </message>
    <message>
        <source>Decided where reviewers disagreed</source>
        <translation>已在复核者意见不一处裁定</translation>
    </message>
    <message>
        <source>The random sample</source>
        <translation>随机样本</translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation>显示(&amp;S)</translation>
    </message>
    <message>
        <source>Judge score</source>
        <translation>评审分数</translation>
    </message>
    <message>
        <source>Lowest judge score</source>
        <translation>评审分数下限</translation>
    </message>
    <message>
        <source>Highest judge score</source>
        <translation>评审分数上限</translation>
    </message>
    <message>
        <source>Confidence below</source>
        <translation>置信度低于</translation>
    </message>
    <message>
        <source>Only verdicts the judge was less sure of than</source>
        <translation>只显示评审把握低于此值的判决</translation>
    </message>
    <message>
        <source>Only rows whose verdict the judge gave with a confidence below this (0 to 1), read from its probabilities, e.g. 0.7</source>
        <translation>只显示评审判决置信度低于此值（0 到 1，由其概率得出）的行，例如 0.7</translation>
    </message>
    <message>
        <source>Find in the rows</source>
        <translation>在行中查找</translation>
    </message>
    <message>
        <source>Find in rows, notes, verdicts…</source>
        <translation>在行、备注、判定中查找…</translation>
    </message>
    <message>
        <source>Order of the queue</source>
        <translation>队列的顺序</translation>
    </message>
    <message>
        <source>By row</source>
        <translation>按行号</translation>
    </message>
    <message>
        <source>Largest disagreement first</source>
        <translation>分歧最大的在前</translation>
    </message>
    <message>
        <source>Judge score, lowest first</source>
        <translation>评审分数，从低到高</translation>
    </message>
    <message>
        <source>Judge score, highest first</source>
        <translation>评审分数，从高到低</translation>
    </message>
    <message>
        <source>Least sure first</source>
        <translation>最没把握的优先</translation>
    </message>
    <message>
        <source>Reviewed most recently</source>
        <translation>最近复核的在前</translation>
    </message>
    <message>
        <source>S&amp;ort</source>
        <translation>排序(&amp;O)</translation>
    </message>
    <message>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>The rows drawn at random (Review › Draw a Random Sample…), reviewed blind.</source>
        <translation>随机抽取的行（复核 › 抽取随机样本…），以盲评方式复核。</translation>
    </message>
    <message>
        <source>No random sample yet: draw one with Review › Draw a Random Sample…</source>
        <translation>还没有随机样本：请用 复核 › 抽取随机样本… 抽取。</translation>
    </message>
    <message>
        <source>Off in blind mode: filtering or sorting by the judge&apos;s score would show it.</source>
        <translation>盲评模式下不可用：按评审分数筛选或排序会暴露评审的判定。</translation>
    </message>
</context>
<context>
    <name>ReviewPane</name>
    <message>
        <source>Nothing to review yet: run the judge from the Run pane first.</source>
        <translation>还没有可复核的内容：请先在“运行”面板中运行评审。</translation>
    </message>
    <message>
        <source>No row matches this filter.</source>
        <translation>没有符合此筛选条件的行。</translation>
    </message>
    <message>
        <source>Key {0} gives no verdict on this scale.</source>
        <translation>在此评分标准下，按键 {0} 不对应任何判定。</translation>
    </message>
    <message>
        <source>Blind mode: give your own verdict first, then agree or disagree.</source>
        <translation>盲评模式：请先给出你自己的判定，再选择同意或不同意。</translation>
    </message>
    <message>
        <source>You disagree: now give your own verdict with the digit keys.</source>
        <translation>你不同意：现在用数字键给出你自己的判定。</translation>
    </message>
    <message>
        <source>“{0}” is not a score: type a number.</source>
        <translation>“{0}”不是分数：请输入一个数字。</translation>
    </message>
    <message>
        <source>A score is a number of zero or more.</source>
        <translation>分数必须是大于等于零的数字。</translation>
    </message>
</context>
<context>
    <name>ReviewPeopleBar</name>
    <message>
        <source>Final verdict</source>
        <translation>最终判定</translation>
    </message>
    <message>
        <source>The row&apos;s final human verdict, where reviewers disagree: pick or type one</source>
        <translation>复核者意见不一时该行最终的人工判定：选择或输入一个</translation>
    </message>
    <message>
        <source>Decide</source>
        <translation>裁定</translation>
    </message>
    <message>
        <source>Make this the row&apos;s final human verdict; every reviewer&apos;s own verdict is kept</source>
        <translation>把它作为该行最终的人工判定；每位复核者自己的判定都会保留</translation>
    </message>
    <message>
        <source>Take back</source>
        <translation>撤回</translation>
    </message>
    <message>
        <source>Take back the final verdict decided for this row</source>
        <translation>撤回为该行裁定的最终判定</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>未署名</translation>
    </message>
    <message>
        <source>Also reviewed by {0}: hidden until you give your verdict.</source>
        <translation>{0} 也复核了此行：在你给出判定之前隐藏。</translation>
    </message>
    <message>
        <source>Others: {0}</source>
        <translation>其他人：{0}</translation>
    </message>
    <message>
        <source>decided: &lt;b&gt;{0}&lt;/b&gt;</source>
        <translation>裁定：&lt;b&gt;{0}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>reviewers disagree</source>
        <translation>复核者意见不一</translation>
    </message>
</context>
<context>
    <name>ReviewQueue</name>
    <message>
        <source>Rows to review</source>
        <translation>待复核的行</translation>
    </message>
    <message>
        <source>Open the &amp;template</source>
        <translation>打开模板(&amp;T)</translation>
    </message>
    <message>
        <source>Edit the judge&apos;s prompt in the Template pane</source>
        <translation>在“模板”面板中编辑评审的提示词</translation>
    </message>
    <message>
        <source>Re-&amp;judge these rows</source>
        <translation>重新评审这些行(&amp;J)</translation>
    </message>
    <message>
        <source>Judge the rows of the queue again from the Run pane (after a prompt edit, say). Replies already stored for an unchanged prompt are reused.</source>
        <translation>在“运行”面板中重新评审队列中的行（例如修改提示词之后）。提示词未变的行会直接复用已保存的回复。</translation>
    </message>
    <message>
        <source>&amp;Calibrate judges…</source>
        <translation>校准评审(&amp;C)…</translation>
    </message>
    <message>
        <source>Compare the enabled judges with the verdicts people gave, choose one on a tuning part and measure it on a test part (Ctrl+Shift+K)</source>
        <translation>将已启用的评审与人工判定比较，在调优部分选出一个，并在测试部分衡量它（Ctrl+Shift+K）</translation>
    </message>
    <message>
        <source>{0} in the queue</source>
        <translation>队列中有 {0}</translation>
    </message>
    <message>
        <source>Re-&amp;judge this row</source>
        <translation>重新评审这一行(&amp;J)</translation>
    </message>
    <message>
        <source>Re-&amp;judge these {0} rows</source>
        <translation>重新评审这 {0} 行(&amp;J)</translation>
    </message>
</context>
<context>
    <name>ReviewQueueModel</name>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>有变</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>The judge&apos;s verdict (“?” in blind mode until you give yours)</source>
        <translation>评审的判定（盲评模式下，在你给出判定前显示为“?”）</translation>
    </message>
    <message>
        <source>Your verdict (in italics: the dataset&apos;s own human label)</source>
        <translation>你的判定（斜体：数据集自带的人工标注）</translation>
    </message>
    <message>
        <source>✓ you and the judge agree; ✗ you disagree, by how much</source>
        <translation>✓ 你与评审一致；✗ 有分歧，以及相差多少</translation>
    </message>
    <message>
        <source>Flagged for a second look</source>
        <translation>已标记，稍后再看</translation>
    </message>
    <message>
        <source>The judge&apos;s verdict changed after you reviewed the row</source>
        <translation>你复核此行之后，评审的判定发生了变化</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>修改</translation>
    </message>
    <message>
        <source>From the dataset&apos;s human column; a verdict you give replaces it</source>
        <translation>来自数据集的人工标注列；你给出的判定会取代它</translation>
    </message>
    <message>
        <source>The other reviewers&apos; verdict; yours, once given, is shown</source>
        <translation>其他复核者的判定；你给出判定后显示你的</translation>
    </message>
    <message>
        <source>Decided where reviewers disagreed</source>
        <translation>已在复核者意见不一处裁定</translation>
    </message>
    <message>
        <source>You and the judge disagree</source>
        <translation>你与评审有分歧</translation>
    </message>
    <message>
        <source>The judge&apos;s verdict changed after you reviewed the row: look at it again</source>
        <translation>你复核此行之后，评审的判定发生了变化：请再看一遍</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>无判定</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
</context>
<context>
    <name>RevisionDialog</name>
    <message>
        <source>Suggest a Revision of “{0}”</source>
        <translation>为“{0}”建议修订</translation>
    </message>
    <message>
        <source>The judge whose model (server or model file) writes it</source>
        <translation>由哪个评审的模型（服务器或模型文件）来写</translation>
    </message>
    <message>
        <source>&amp;Suggest</source>
        <translation>建议(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Written by</source>
        <translation>撰写者(&amp;W)</translation>
    </message>
    <message>
        <source>A model reads the template and the rows of the tuning part where the judge and people disagree, with people&apos;s notes (never a row of the test part), and writes the template revised. It becomes a new candidate, measured like the others; it is never adopted by itself.</source>
        <translation>一个模型阅读模板，以及调优部分中评审与人工结论不同的行和人工备注（从不包括测试部分的行），然后写出修订后的模板。修订成为一个新的候选评审，与其他候选一样接受度量；它从不会被自动采用。</translation>
    </message>
    <message>
        <source>The changes to the template</source>
        <translation>对模板的修改</translation>
    </message>
    <message>
        <source>&amp;Add as a Candidate</source>
        <translation>添加为候选(&amp;A)</translation>
    </message>
    <message>
        <source>Open a project with a dataset first.</source>
        <translation>请先打开一个带数据集的项目。</translation>
    </message>
    <message>
        <source>Running “{0}” on the tuning rows (stored replies are reused), then asking “{1}” for a revision…</source>
        <translation>正在调优行上运行“{0}”（复用已保存的回复），然后请“{1}”写出修订…</translation>
    </message>
    <message>
        <source>“{0}” read {1} of the tuning part where the judge and people disagree (none of the test part). Add the revision as the candidate “{2}” to measure it with the others.</source>
        <translation>“{0}”阅读了调优部分中评审与人工结论不同的 {1}（没有测试部分的行）。把修订添加为候选评审“{2}”，与其他候选一起度量。</translation>
    </message>
    <message>
        <source>Rendered for a row, it notes: {0}</source>
        <translation>为一行渲染时的提示：{0}</translation>
    </message>
    <message>
        <source>Nothing can be added: {0}</source>
        <translation>无法添加：{0}</translation>
    </message>
    <message>
        <source>Add the revised judge “{0}”</source>
        <translation>添加修订后的评审“{0}”</translation>
    </message>
</context>
<context>
    <name>RowInspector</name>
    <message>
        <source>Row details</source>
        <translation>行详情</translation>
    </message>
    <message>
        <source>Fields of the row</source>
        <translation>该行的字段</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>Show messages and responses as formatted Markdown, or as plain text</source>
        <translation>以 Markdown 格式显示消息和回答，或显示为纯文本</translation>
    </message>
    <message>
        <source>Row views</source>
        <translation>行视图</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Fields</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Select a row to see it here.</source>
        <translation>选择一行，即可在此查看。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Row {0} · {1}</source>
        <translation>第 {0} 行 · {1}</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>What templates see</source>
        <translation>模板看到的内容</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Other fields</source>
        <translation>其他字段</translation>
    </message>
    <message>
        <source>No response in this row.</source>
        <translation>此行没有回答。</translation>
    </message>
    <message>
        <source>Hide reasoning</source>
        <translation>隐藏推理过程</translation>
    </message>
    <message>
        <source>Show reasoning ({0} characters)</source>
        <translation>显示推理过程（{0} 个字符）</translation>
    </message>
    <message>
        <source>see it in Fields</source>
        <translation>在“字段”中查看</translation>
    </message>
</context>
<context>
    <name>RowJudgingView</name>
    <message>
        <source>How the row was judged</source>
        <translation>此行的评审过程</translation>
    </message>
    <message>
        <source>Select a row to see how it was judged.</source>
        <translation>选择一行以查看它是如何被评审的。</translation>
    </message>
    <message>
        <source>This row has not been judged yet. Run it from the Run pane, or try the prompt on it with Judge this row in the Template pane.</source>
        <translation>此行尚未评审。请在“运行”面板中运行，或在“模板”面板中用“评审此行”试一试提示词。</translation>
    </message>
    <message>
        <source>Result: {0}</source>
        <translation>结果：{0}</translation>
    </message>
    <message>
        <source>No verdict could be read</source>
        <translation>无法读出判定</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Run {0} · {1}</source>
        <translation>运行 {0} · {1}</translation>
    </message>
    <message>
        <source>A rule judge decided this row.</source>
        <translation>此行由规则评审决定。</translation>
    </message>
    <message>
        <source>Answer generated by the candidate</source>
        <translation>候选模型生成的回答</translation>
    </message>
    <message>
        <source>Preprocess script</source>
        <translation>预处理脚本</translation>
    </message>
    <message>
        <source>Postprocess script</source>
        <translation>后处理脚本</translation>
    </message>
    <message>
        <source>Judge {0}</source>
        <translation>评审 {0}</translation>
    </message>
    <message>
        <source>Verdict: {0}</source>
        <translation>判定：{0}</translation>
    </message>
    <message>
        <source>No verdict: {0}</source>
        <translation>无判定：{0}</translation>
    </message>
    <message>
        <source>rule “{0}”</source>
        <translation>规则“{0}”</translation>
    </message>
    <message>
        <source>reply reused from the cache</source>
        <translation>回复复用自缓存</translation>
    </message>
    <message>
        <source>{0:.1f} s</source>
        <translation>{0:.1f} 秒</translation>
    </message>
    <message>
        <source>{0} attempts</source>
        <translation>尝试 {0} 次</translation>
    </message>
    <message>
        <source>{0} + {1} tokens</source>
        <translation>{0} + {1} 个词元</translation>
    </message>
    <message>
        <source>the request</source>
        <translation>请求内容</translation>
    </message>
    <message>
        <source>the judge&apos;s reasoning</source>
        <translation>评审的推理过程</translation>
    </message>
    <message>
        <source>Probabilities not read: {0}. The verdict is the one it wrote.</source>
        <translation>未读取概率：{0}。判决为评审写出的结果。</translation>
    </message>
    <message>
        <source>Its alternatives (it wrote {0}; confidence {1}):</source>
        <translation>其候选判决（评审写的是 {0}；置信度 {1}）：</translation>
    </message>
    <message>
        <source>both orders agree ({0} as shown, {1} with A and B swapped)</source>
        <translation>两种顺序判定一致（原顺序 {0}，交换 A 和 B 后 {1}）</translation>
    </message>
    <message>
        <source>the orders disagree ({0} as shown, {1} with A and B swapped): counted as a tie</source>
        <translation>两种顺序判定不一致（原顺序 {0}，交换 A 和 B 后 {1}）：记为平局</translation>
    </message>
    <message>
        <source>Hide {0}</source>
        <translation>隐藏{0}</translation>
    </message>
    <message>
        <source>Show {0}</source>
        <translation>显示{0}</translation>
    </message>
    <message>
        <source>Returned: {0}</source>
        <translation>返回值：{0}</translation>
    </message>
    <message>
        <source>Failed at line {0}</source>
        <translation>在第 {0} 行失败</translation>
    </message>
    <message>
        <source>Printed</source>
        <translation>打印输出</translation>
    </message>
    <message>
        <source>Errors printed</source>
        <translation>错误输出</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
</context>
<context>
    <name>RowPicker</name>
    <message>
        <source>Previous row</source>
        <translation>上一行</translation>
    </message>
    <message>
        <source>Previous row (Alt+Left)</source>
        <translation>上一行（Alt+←）</translation>
    </message>
    <message>
        <source>Row number</source>
        <translation>行号</translation>
    </message>
    <message>
        <source>Type a row number and press Enter; rows are numbered from 0, as in the Dataset pane</source>
        <translation>输入行号后按回车键；行号从 0 开始，与“数据集”面板一致</translation>
    </message>
    <message>
        <source>Next row</source>
        <translation>下一行</translation>
    </message>
    <message>
        <source>Next row (Alt+Right)</source>
        <translation>下一行（Alt+→）</translation>
    </message>
    <message>
        <source>&amp;Row</source>
        <translation>行(&amp;R)</translation>
    </message>
    <message>
        <source>Row id</source>
        <translation>行 ID</translation>
    </message>
    <message>
        <source>The id of the row shown</source>
        <translation>当前显示的行的 ID</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Find a row</source>
        <translation>查找行</translation>
    </message>
    <message>
        <source>Find a row…</source>
        <translation>查找行…</translation>
    </message>
    <message>
        <source>Press Enter to show the next row holding this text</source>
        <translation>按回车键显示下一个包含此文本的行</translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation>清除搜索</translation>
    </message>
    <message>
        <source>no rows</source>
        <translation>没有行</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>The search failed: {0}</source>
        <translation>搜索失败：{0}</translation>
    </message>
    <message>
        <source>No row holds this text</source>
        <translation>没有行包含此文本</translation>
    </message>
    <message>
        <source>match {0} of {1}</source>
        <translation>第 {0} 个匹配，共 {1} 个</translation>
    </message>
</context>
<context>
    <name>RuleWords</name>
    <message>
        <source>MT-Bench comparison: [[A]], [[B]] or [[C]] for a tie</source>
        <translation>MT-Bench 比较：[[A]]、[[B]]，平局为 [[C]]</translation>
    </message>
    <message>
        <source>Prometheus grade: [RESULT] 1 to 5</source>
        <translation>Prometheus 评分：[RESULT] 1 到 5</translation>
    </message>
    <message>
        <source>LLMBar choice: Output (a) or Output (b)</source>
        <translation>LLMBar 选择：Output (a) 或 Output (b)</translation>
    </message>
    <message>
        <source>Score: n out of 10</source>
        <translation>分数：满分 10 分（Score: n out of 10）</translation>
    </message>
    <message>
        <source>A field of a JSON answer…</source>
        <translation>JSON 回答中的某个字段……</translation>
    </message>
    <message>
        <source>Yes or No (correct or incorrect)</source>
        <translation>Yes 或 No（正确或错误）</translation>
    </message>
    <message>
        <source>Labels, such as Label: spam…</source>
        <translation>标签，例如 Label: spam……</translation>
    </message>
    <message>
        <source>a score (a number)</source>
        <translation>分数（一个数字）</translation>
    </message>
    <message>
        <source>a comparison of answers A and B</source>
        <translation>回答 A 与 B 的比较</translation>
    </message>
    <message>
        <source>correct or incorrect</source>
        <translation>正确或错误</translation>
    </message>
    <message>
        <source>a label (a category)</source>
        <translation>标签（一个类别）</translation>
    </message>
    <message>
        <source>take the last one</source>
        <translation>取最后一个</translation>
    </message>
    <message>
        <source>take the first one</source>
        <translation>取第一个</translation>
    </message>
    <message>
        <source>take only one (two different ones: not read)</source>
        <translation>只能有一个（出现两个不同的：不读取）</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Own rule, which needs fixing: {0}</source>
        <translation>自定义规则，需要修正：{0}</translation>
    </message>
    <message>
        <source>a score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>a comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>a label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Nothing in the reply looks like the verdict the rule looks for.</source>
        <translation>回复中没有规则要找的那种判定。</translation>
    </message>
    <message>
        <source>The reply has no JSON field {0}.</source>
        <translation>回复中没有 JSON 字段 {0}。</translation>
    </message>
    <message>
        <source>The judge wrote {0}, which is not among the labels listed.</source>
        <translation>评审写的是 {0}，不在列出的标签中。</translation>
    </message>
    <message>
        <source>The judge wrote {0}, but the rule expects {1}.</source>
        <translation>评审写的是 {0}，但规则要的是{1}。</translation>
    </message>
    <message>
        <source>The judge gave {0}, outside the scores from {1} to {2}.</source>
        <translation>评审给出 {0}，超出了 {1} 到 {2} 的分数范围。</translation>
    </message>
    <message>
        <source>JSON field {0}</source>
        <translation>JSON 字段 {0}</translation>
    </message>
    <message>
        <source>pattern {0}</source>
        <translation>正则表达式 {0}</translation>
    </message>
    <message>
        <source>from {0} to {1}</source>
        <translation>从 {0} 到 {1}</translation>
    </message>
    <message>
        <source>Own rule: {0}</source>
        <translation>自定义规则：{0}</translation>
    </message>
</context>
<context>
    <name>RunBatch</name>
    <message>
        <source>Export for &amp;Batch…</source>
        <translation>导出为批处理文件(&amp;B)…</translation>
    </message>
    <message>
        <source>Write the requests the chosen rows still need as OpenAI Batch files, for a cloud batch API or vLLM</source>
        <translation>把所选行仍需发送的请求写成 OpenAI Batch 文件，供云端批处理 API 或 vLLM 使用</translation>
    </message>
    <message>
        <source>&amp;Import Batch Results…</source>
        <translation>导入批处理结果(&amp;I)…</translation>
    </message>
    <message>
        <source>Store the replies of batch results files: a run then asks nothing for them</source>
        <translation>保存批处理结果文件中的回复：之后的运行不会再为它们发送请求</translation>
    </message>
    <message>
        <source>Open a project with a dataset first.</source>
        <translation>请先打开一个带数据集的项目。</translation>
    </message>
    <message>
        <source>The dataset is still being read: try again when done.</source>
        <translation>数据集仍在读取中：读取完毕后再试。</translation>
    </message>
    <message>
        <source>Folder for the batch files</source>
        <translation>存放批处理文件的文件夹</translation>
    </message>
    <message>
        <source>Writing batch files…</source>
        <translation>正在写入批处理文件…</translation>
    </message>
    <message>
        <source>Export for Batch</source>
        <translation>导出为批处理文件</translation>
    </message>
    <message>
        <source>Requests written: {0} (files: {1}, in {2}).</source>
        <translation>已写入请求：{0} 个（文件：{1} 个，位于 {2}）。</translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
    <message>
        <source>Replies stored already: {0}.</source>
        <translation>已有保存的回复：{0} 个。</translation>
    </message>
    <message>
        <source>Rows waiting for the answers of the candidate or baseline model: {0}. Import their results, then export again for the judges&apos; requests.</source>
        <translation>等待候选模型或基线模型回答的行：{0} 行。请先导入它们的结果，再次导出以得到评审模型的请求。</translation>
    </message>
    <message>
        <source>Requests to a model file on this computer, which a run asks: {0}.</source>
        <translation>发给本机模型文件的请求（由运行发送）：{0} 个。</translation>
    </message>
    <message>
        <source>Rows that would fail in a run: {0}. For example:</source>
        <translation>运行时会失败的行：{0} 行。例如：</translation>
    </message>
    <message>
        <source>Run the files on a batch API or with vLLM&apos;s run_batch, then choose Run › Import Batch Results…</source>
        <translation>请在批处理 API 上或用 vLLM 的 run_batch 运行这些文件，然后选择 运行 › 导入批处理结果…</translation>
    </message>
    <message>
        <source>Import batch results</source>
        <translation>导入批处理结果</translation>
    </message>
    <message>
        <source>Batch results (*.jsonl);;All files (*)</source>
        <translation>批处理结果 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Importing batch results…</source>
        <translation>正在导入批处理结果…</translation>
    </message>
    <message>
        <source>Import Batch Results</source>
        <translation>导入批处理结果</translation>
    </message>
    <message>
        <source>Replies stored: {0}; stored already: {1}; files read: {2}.</source>
        <translation>已保存回复：{0} 个；此前已保存：{1} 个；读取文件：{2} 个。</translation>
    </message>
    <message>
        <source>Lines holding an error: {0}. The next run asks them again.</source>
        <translation>含错误的行：{0} 行。下次运行会重新发送这些请求。</translation>
    </message>
    <message>
        <source>Lines not stored: {0} with an id no export of this project wrote, {1} repeated, {2} unreadable.</source>
        <translation>未保存的行：{0} 行的 id 不是本项目导出的，{1} 行重复，{2} 行无法读取。</translation>
    </message>
    <message>
        <source>{0} is cut off before its end: its last line was left out.</source>
        <translation>{0} 在结尾之前被截断：其最后一行未导入。</translation>
    </message>
    <message>
        <source>{0} could not be read: {1}</source>
        <translation>无法读取 {0}：{1}</translation>
    </message>
    <message>
        <source>Answers of the candidate or baseline model came in: export again for the judges&apos; requests of those rows.</source>
        <translation>已导入候选模型或基线模型的回答：请再次导出，以得到这些行的评审模型请求。</translation>
    </message>
    <message>
        <source>Exported requests still waiting for their reply: {0}.</source>
        <translation>已导出但仍在等待回复的请求：{0} 个。</translation>
    </message>
    <message>
        <source>Start the run: the replies imported are not asked again.</source>
        <translation>开始运行：已导入的回复不会再次请求。</translation>
    </message>
</context>
<context>
    <name>RunCheck</name>
    <message>
        <source>Start &amp;Anyway</source>
        <translation>仍然开始(&amp;A)</translation>
    </message>
    <message>
        <source>Start Anyway</source>
        <translation>仍然开始</translation>
    </message>
    <message>
        <source>Start the run without waiting for the judges above to be corrected</source>
        <translation>不等上面的评审改好，直接开始运行</translation>
    </message>
    <message>
        <source>Checking the judges…</source>
        <translation>正在检查评审…</translation>
    </message>
    <message>
        <source>The run did not start: a judge cannot be used</source>
        <translation>运行未开始：有评审无法使用</translation>
    </message>
    <message>
        <source>The judges were not checked; the run did not start</source>
        <translation>评审未检查完，运行未开始</translation>
    </message>
    <message>
        <source>The run did not start: the judges were asked first, and not all can be used.
{0}
Correct them (Judges pane, or Run › Models that Answer) and press Start to check again, or press Start Anyway to run as they are.</source>
        <translation>运行未开始：已先询问各评审，并非都能使用。
{0}
请改正它们（在“评审”页，或“运行 › 作答模型”），再按“开始”重新检查；或按“仍然开始”按现状运行。</translation>
    </message>
</context>
<context>
    <name>RunCompareView</name>
    <message>
        <source>Run A, before</source>
        <translation>运行 A（之前）</translation>
    </message>
    <message>
        <source>Run B, after</source>
        <translation>运行 B（之后）</translation>
    </message>
    <message>
        <source>Run &amp;A:</source>
        <translation>运行 &amp;A：</translation>
    </message>
    <message>
        <source>Run &amp;B:</source>
        <translation>运行 &amp;B：</translation>
    </message>
    <message>
        <source>Rows the two runs judged differently</source>
        <translation>两次运行判定不同的行</translation>
    </message>
    <message>
        <source>&amp;Changed rows (select one to see it in the inspector)</source>
        <translation>有变化的行(&amp;C)（选中一行即可在检查器中查看）</translation>
    </message>
    <message>
        <source>Comparing needs two runs. Change the template, a judge or a script, run again, and come back to see which rows changed.</source>
        <translation>比较需要两次运行。修改模板、评审或脚本后再运行一次，然后回到这里查看哪些行有变化。</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Run {0} (A)</source>
        <translation>运行 {0}（A）</translation>
    </message>
    <message>
        <source>Run A</source>
        <translation>运行 A</translation>
    </message>
    <message>
        <source>Run {0} (B)</source>
        <translation>运行 {0}（B）</translation>
    </message>
    <message>
        <source>Run B</source>
        <translation>运行 B</translation>
    </message>
    <message>
        <source>Run A and run B are the same run: pick two different runs.</source>
        <translation>运行 A 和运行 B 是同一次运行：请选择两次不同的运行。</translation>
    </message>
</context>
<context>
    <name>RunFigures</name>
    <message>
        <source>Run progress</source>
        <translation>运行进度</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>Recomputing results from stored replies…</source>
        <translation>正在根据已保存的回复重新计算结果…</translation>
    </message>
    <message>
        <source>Starting: checking the judges and counting the rows…</source>
        <translation>正在启动：检查评审并统计行数…</translation>
    </message>
    <message>
        <source>Run starting…</source>
        <translation>运行启动中…</translation>
    </message>
    <message>
        <source>{0:.1f} rows/s</source>
        <translation>{0:.1f} 行/秒</translation>
    </message>
    <message>
        <source>paused: requests already sent are finishing</source>
        <translation>已暂停：已发出的请求正在完成</translation>
    </message>
    <message>
        <source>{0} left</source>
        <translation>剩余 {0}</translation>
    </message>
    <message>
        <source>elapsed {0}</source>
        <translation>已用 {0}</translation>
    </message>
    <message>
        <source>{0} tokens</source>
        <translation>{0} 个词元</translation>
    </message>
    <message>
        <source>cost {0:,.4f}</source>
        <translation>费用 {0:,.4f}</translation>
    </message>
    <message>
        <source>{0} of {1} (%p%)</source>
        <translation>{0} / {1}（%p%）</translation>
    </message>
    <message>
        <source>{0} being judged now</source>
        <translation>正在评审 {0} 行</translation>
    </message>
    <message>
        <source>{0} writes {1:.0f} tokens/s</source>
        <translation>{0} 每秒写出 {1:.0f} 个词元</translation>
    </message>
    <message>
        <source>{0}, {1} reused</source>
        <translation>{0}，复用 {1} 次</translation>
    </message>
    <message>
        <source>Run {0}%: {1} rows/s</source>
        <translation>运行 {0}%：{1} 行/秒</translation>
    </message>
    <message>
        <source>Run paused at {0}%</source>
        <translation>运行暂停于 {0}%</translation>
    </message>
    <message>
        <source>{0} failed</source>
        <translation>{0} 行失败</translation>
    </message>
    <message>
        <source>about {0} tokens (estimated)</source>
        <translation>约 {0} 个词元（估算）</translation>
    </message>
    <message>
        <source>{0}: the server serves 1 request at a time; concurrency lowered to 1</source>
        <translation>{0}：服务器一次只处理 1 个请求，并发数已降到 1</translation>
    </message>
    <message>
        <source>{0}: the server could not keep up; concurrency lowered to {1}</source>
        <translation>{0}：服务器处理不过来，并发数已降到 {1}</translation>
    </message>
    <message>
        <source>{0} ok</source>
        <translation>{0} 行成功</translation>
    </message>
    <message>
        <source>{0} with no verdict</source>
        <translation>{0} 行无判定</translation>
    </message>
    <message>
        <source>Run paused</source>
        <translation>运行已暂停</translation>
    </message>
    <message>
        <source>Run resumed</source>
        <translation>运行已继续</translation>
    </message>
    <message>
        <source>Paused: requests already sent are finishing.</source>
        <translation>已暂停：已发出的请求正在完成。</translation>
    </message>
    <message>
        <source>Stopping: replies received so far are kept…</source>
        <translation>正在停止：已收到的回复会保留…</translation>
    </message>
    <message>
        <source>Run stopping…</source>
        <translation>运行停止中…</translation>
    </message>
    <message>
        <source>Not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>The run could not start: {0}</source>
        <translation>无法开始运行：{0}</translation>
    </message>
    <message>
        <source>The run could not start</source>
        <translation>无法开始运行</translation>
    </message>
    <message>
        <source>Done: {0}</source>
        <translation>完成：{0}</translation>
    </message>
    <message>
        <source>Stopped after {0} of {1}</source>
        <translation>在 {0} / {1}后停止</translation>
    </message>
    <message>
        <source>mean score {0:.2f}</source>
        <translation>平均分 {0:.2f}</translation>
    </message>
    <message>
        <source>accuracy {0:.1%}</source>
        <translation>准确率 {0:.1%}</translation>
    </message>
    <message>
        <source>took {0}</source>
        <translation>用时 {0}</translation>
    </message>
    <message>
        <source>Run {0}: {1}</source>
        <translation>运行 {0}：{1}</translation>
    </message>
    <message>
        <source>Run {0} was stopped; run again to judge the rest: {1}</source>
        <translation>运行 {0} 已停止；再次运行即可评审剩余部分：{1}</translation>
    </message>
    <message>
        <source>Run {0} done: {1} ok, {2} failed, {3} with no verdict</source>
        <translation>运行 {0} 完成：{1} 行成功，{2} 行失败，{3} 行无判定</translation>
    </message>
    <message>
        <source>No row matches this choice.</source>
        <translation>没有符合此选择的行。</translation>
    </message>
    <message>
        <source>{0}: rule judges only, so no request is sent.</source>
        <translation>{0}：只有规则评审，不会发送请求。</translation>
    </message>
    <message>
        <source>{0}: about {1} requests and {2} tokens</source>
        <translation>{0}：约 {1} 个请求、{2} 个词元</translation>
    </message>
    <message>
        <source>; 1 reply already stored is reused</source>
        <translation>；复用已保存的 1 条回复</translation>
    </message>
    <message>
        <source>; {0} replies already stored are reused</source>
        <translation>；复用已保存的 {0} 条回复</translation>
    </message>
    <message>
        <source>A template cannot be rendered: {0}</source>
        <translation>有模板无法渲染：{0}</translation>
    </message>
</context>
<context>
    <name>RunOptions</name>
    <message>
        <source>Judge pairs in both &amp;orders</source>
        <translation>两种顺序都评审(&amp;O)</translation>
    </message>
    <message>
        <source>Ask each judge that compares two answers twice, the second time with A and B exchanged. Judges often prefer the answer shown first; a pair judged differently in the two orders counts as a tie and is flagged. Doubles the requests of those judges.</source>
        <translation>让比较两份回答的评审问两次，第二次交换 A 和 B。评审常常偏爱先出现的回答；两种顺序下判定不一致的一对记为平局并加标记。这些评审的请求数会加倍。</translation>
    </message>
    <message>
        <source>How several judges make a result</source>
        <translation>多个评审如何得出结果</translation>
    </message>
    <message>
        <source>the last judge&apos;s verdict</source>
        <translation>最后一个评审的判定</translation>
    </message>
    <message>
        <source>the mean of the judges&apos; scores</source>
        <translation>各评审分数的平均值</translation>
    </message>
    <message>
        <source>the median of the judges&apos; scores</source>
        <translation>各评审分数的中位数</translation>
    </message>
    <message>
        <source>the verdict most judges give</source>
        <translation>多数评审给出的判定</translation>
    </message>
    <message>
        <source>the lowest score</source>
        <translation>最低分</translation>
    </message>
    <message>
        <source>the highest score</source>
        <translation>最高分</translation>
    </message>
    <message>
        <source>correct only if every judge says so</source>
        <translation>所有评审都认为正确才算正确</translation>
    </message>
    <message>
        <source>With several judges and no postprocess script, how a row&apos;s result is made from their verdicts. Each judge&apos;s own verdict stays visible in the inspector.</source>
        <translation>有多个评审且没有后处理脚本时，一行的结果如何由各评审的判定得出。每个评审自己的判定仍可在检查器中看到。</translation>
    </message>
    <message>
        <source>Result &amp;of several judges:</source>
        <translation>多个评审的结果(&amp;O)：</translation>
    </message>
    <message>
        <source>Rule judges &amp;decide first</source>
        <translation>规则评审先判定(&amp;D)</translation>
    </message>
    <message>
        <source>When a rule judge (exact match, contains…) decides a row, the judges after it are not asked: cheaper runs when many answers are plainly right.</source>
        <translation>当规则评审（完全匹配、包含…）已判定某行时，不再询问其后的评审：在很多回答明显正确时可降低运行成本。</translation>
    </message>
    <message>
        <source>Let rule judges decide first</source>
        <translation>让规则评审先判定</translation>
    </message>
    <message>
        <source>Judge pairs in both orders</source>
        <translation>两种顺序都评审</translation>
    </message>
    <message>
        <source>Judge pairs once</source>
        <translation>每对只评审一次</translation>
    </message>
    <message>
        <source>Combine judges: {0}</source>
        <translation>合并评审结果：{0}</translation>
    </message>
</context>
<context>
    <name>RunPane</name>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>Judge the chosen rows (Ctrl+R)</source>
        <translation>评审所选的行（Ctrl+R）</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Pause or resume the run (Ctrl+Shift+P)</source>
        <translation>暂停或继续运行（Ctrl+Shift+P）</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop the run; replies received are kept (Ctrl+.)</source>
        <translation>停止运行；已收到的回复会保留（Ctrl+.）</translation>
    </message>
    <message>
        <source>Re&amp;compute results</source>
        <translation>重新计算结果(&amp;C)</translation>
    </message>
    <message>
        <source>Parse the stored replies again and run the postprocess script, without asking any judge: use it after editing a script or a parser setting.</source>
        <translation>重新解析已保存的回复并运行后处理脚本，不询问任何评审：修改脚本或解析设置后使用。</translation>
    </message>
    <message>
        <source>&amp;Start Run</source>
        <translation>开始运行(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Pause or Resume</source>
        <translation>暂停或继续(&amp;P)</translation>
    </message>
    <message>
        <source>S&amp;top Run</source>
        <translation>停止运行(&amp;T)</translation>
    </message>
    <message>
        <source>Re&amp;compute Results</source>
        <translation>重新计算结果(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Models that Answer…</source>
        <translation>作答模型(&amp;M)…</translation>
    </message>
    <message>
        <source>A candidate model for rows without a response, a baseline for pairs</source>
        <translation>为没有回答的行提供候选模型，为成对比较提供基线模型</translation>
    </message>
    <message>
        <source>Open a project with a dataset to run it.</source>
        <translation>请打开带有数据集的项目后再运行。</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>正在估算…</translation>
    </message>
    <message>
        <source>Set the price of “{0}”</source>
        <translation>设置“{0}”的价格</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
</context>
<context>
    <name>RunRowsModel</name>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>无判定</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
</context>
<context>
    <name>RunScope</name>
    <message>
        <source>Rows to judge</source>
        <translation>要评审的行</translation>
    </message>
    <message>
        <source>All rows</source>
        <translation>全部行</translation>
    </message>
    <message>
        <source>The first rows</source>
        <translation>前若干行</translation>
    </message>
    <message>
        <source>The selected row</source>
        <translation>选中的行</translation>
    </message>
    <message>
        <source>Rows that failed last time</source>
        <translation>上次失败的行</translation>
    </message>
    <message>
        <source>Rows with no verdict last time</source>
        <translation>上次无判定的行</translation>
    </message>
    <message>
        <source>Rows where a person disagrees with the judge</source>
        <translation>人工与评审意见不一致的行</translation>
    </message>
    <message>
        <source>&amp;Rows to judge</source>
        <translation>要评审的行(&amp;R)</translation>
    </message>
    <message>
        <source>How many rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source> rows</source>
        <translation> 行</translation>
    </message>
    <message>
        <source>The rows sent from Review ({0})</source>
        <translation>从“复核”发来的行（{0}）</translation>
    </message>
</context>
<context>
    <name>SampleDialog</name>
    <message>
        <source>Draw a Random Sample</source>
        <translation>抽取随机样本</translation>
    </message>
    <message>
        <source>a random one (kept with the sample)</source>
        <translation>随机生成（随样本保存）</translation>
    </message>
    <message>
        <source>Nothing: every row alike</source>
        <translation>不分层：每行机会相同</translation>
    </message>
    <message>
        <source>Each value of the field gets its share of the sample (proportional).</source>
        <translation>该字段的每个取值按其占比分得样本（按比例分配）。</translation>
    </message>
    <message>
        <source>&amp;Rows to draw</source>
        <translation>抽取行数(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Seed</source>
        <translation>种子(&amp;S)</translation>
    </message>
    <message>
        <source>Stratify &amp;by</source>
        <translation>分层字段(&amp;B)</translation>
    </message>
    <message>
        <source>People&apos;s verdicts on rows drawn at random say how far the judge errs over every row; the report then gives each figure corrected by them.</source>
        <translation>人对随机抽取的行给出的判定，能说明评审在所有行上偏差多少；报告随后会给出据此校正的各项数字。</translation>
    </message>
    <message>
        <source>This project has a sample: {0} Drawing again replaces it.</source>
        <translation>此项目已有样本：{0} 再次抽取将替换它。</translation>
    </message>
    <message>
        <source>&amp;Replace Sample</source>
        <translation>替换样本(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Draw</source>
        <translation>抽取(&amp;D)</translation>
    </message>
    <message>
        <source>The seed is a whole number, such as 7, or empty for a random one.</source>
        <translation>种子是一个整数，例如 7；留空则随机生成。</translation>
    </message>
</context>
<context>
    <name>SampleOfferBar</name>
    <message>
        <source>Judge the Sample With It</source>
        <translation>用它评审示例</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close this bar; it does not come back</source>
        <translation>关闭此栏；它不会再出现</translation>
    </message>
    <message>
        <source>A model file was found: {0} ({1}).</source>
        <translation>找到一个模型文件：{0}（{1}）。</translation>
    </message>
    <message>
        <source>To see a model judge the sample, start Ollama or LM Studio, or choose a .gguf model file for the judge “{0}” in the Judges pane.</source>
        <translation>要看模型评审示例，请启动 Ollama 或 LM Studio，或在“评审”窗格中为评审“{0}”选择一个 .gguf 模型文件。</translation>
    </message>
    <message>
        <source>{0} is running at {1} with {2}.</source>
        <translation>{0} 正在 {1} 运行，带有 {2}。</translation>
    </message>
    <message>
        <source>{0} is running at {1} with {2} (and 1 more model).</source>
        <translation>{0} 正在 {1} 运行，带有 {2}（还有另外 1 个模型）。</translation>
    </message>
    <message>
        <source>{0} is running at {1} with {2} (and {3} more models).</source>
        <translation>{0} 正在 {1} 运行，带有 {2}（还有另外 {3} 个模型）。</translation>
    </message>
    <message>
        <source>Judge the sample with {0}</source>
        <translation>用 {0} 评审示例</translation>
    </message>
    <message>
        <source>The judge “{0}” now judges with {1}: run the sample in the Run pane to see its verdicts, or choose Edit › Undo to switch it off again.</source>
        <translation>评审“{0}”现在使用 {1} 评审：在“运行”窗格中运行示例即可看到它的评判，或选择“编辑 › 撤销”将它重新关闭。</translation>
    </message>
    <message>
        <source>Judging with a model file needs JudgeDesk&apos;s local extra: the Judges pane says how to install it.</source>
        <translation>用模型文件评审需要 JudgeDesk 的 local 扩展：“评审”窗格会说明如何安装。</translation>
    </message>
</context>
<context>
    <name>SampleWords</name>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>平均分</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>胜率</translation>
    </message>
    <message>
        <source>By category, from the sample rows in each:</source>
        <translation>按类别（取各类别中的样本行）：</translation>
    </message>
    <message>
        <source>{0}: review {1} more rows of the random sample to correct it</source>
        <translation>{0}：再复核随机样本中的 {1} 行即可校正</translation>
    </message>
    <message>
        <source>{0}: judge {1} · corrected by {2} sample reviews {3} (95% CI {4}–{5})</source>
        <translation>{0}：评审 {1} · 经 {2} 条样本复核校正后 {3}（95% 置信区间 {4}–{5}）</translation>
    </message>
    <message>
        <source>stratified</source>
        <translation>分层</translation>
    </message>
    <message>
        <source>{0}: the judge&apos;s figure lies within the corrected interval, so people&apos;s verdicts on the sample show no clear bias in it.</source>
        <translation>{0}：评审的数字落在校正后的区间内，人在样本上的判定未显示它有明显偏差。</translation>
    </message>
    <message>
        <source>{0}: the judge alone says {1} points too much; publish the corrected one.</source>
        <translation>{0}：评审单独给出的数字高出 {1} 个百分点；请发布校正后的数字。</translation>
    </message>
    <message>
        <source>{0}: the judge alone says {1} points too little; publish the corrected one.</source>
        <translation>{0}：评审单独给出的数字低了 {1} 个百分点；请发布校正后的数字。</translation>
    </message>
    <message>
        <source>{0}: the judge alone scores {1} too high; publish the corrected one.</source>
        <translation>{0}：评审单独打分高了 {1}；请发布校正后的数字。</translation>
    </message>
    <message>
        <source>{0}: the judge alone scores {1} too low; publish the corrected one.</source>
        <translation>{0}：评审单独打分低了 {1}；请发布校正后的数字。</translation>
    </message>
    <message>
        <source>{0}, the judge alone beside corrected: {1}.</source>
        <translation>{0}，评审单独与校正后对照：{1}。</translation>
    </message>
    <message>
        <source>The judge&apos;s own figure (its 95% interval by bootstrap over its rows) beside the one people&apos;s verdicts on the random sample correct (PPI++, with its 95% interval).</source>
        <translation>评审自己的数字（95% 区间由对其各行的自助法得出）与经人在随机样本上的判定校正后的数字（PPI++，附 95% 区间）并列。</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <source>Rests on</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Judge alone and corrected</source>
        <translation>评审单独与校正后</translation>
    </message>
    <message>
        <source>judge alone, normal approximation over {0}</source>
        <translation>仅评审，基于 {0} 的正态近似</translation>
    </message>
    <message>
        <source>judge alone, bootstrap over {0}</source>
        <translation>仅评审，基于 {0} 的自助法</translation>
    </message>
    <message>
        <source>{0} · judge</source>
        <translation>{0} · 评审</translation>
    </message>
    <message>
        <source>corrected with {0} people&apos;s verdicts</source>
        <translation>经 {0} 条人的判定校正</translation>
    </message>
    <message>
        <source>{0} · corrected</source>
        <translation>{0} · 校正后</translation>
    </message>
</context>
<context>
    <name>ScriptFiles</name>
    <message>
        <source>Stop using {0}.py?</source>
        <translation>停用 {0}.py？</translation>
    </message>
    <message>
        <source>scripts/{0}.py is moved to scripts/disabled/{0}.py, so runs no longer call it. Nothing is deleted: “Use it again” puts it back.</source>
        <translation>scripts/{0}.py 将被移到 scripts/disabled/{0}.py，运行时不再调用它。不会删除任何内容：“重新启用”可以把它放回原处。</translation>
    </message>
    <message>
        <source>Move it aside</source>
        <translation>移开</translation>
    </message>
    <message>
        <source>Scripts</source>
        <translation>脚本</translation>
    </message>
</context>
<context>
    <name>ScriptPage</name>
    <message>
        <source>Stop using…</source>
        <translation>停用…</translation>
    </message>
    <message>
        <source>Stop using the {0} script</source>
        <translation>停用 {0} 脚本</translation>
    </message>
    <message>
        <source>Move the file to scripts/disabled/ so that runs no longer call it</source>
        <translation>把文件移到 scripts/disabled/，运行时不再调用它</translation>
    </message>
    <message>
        <source>Use it again</source>
        <translation>重新启用</translation>
    </message>
    <message>
        <source>Use the set-aside {0} script again</source>
        <translation>重新启用已移开的 {0} 脚本</translation>
    </message>
    <message>
        <source>Put back the script last moved to scripts/disabled/</source>
        <translation>把最近移到 scripts/disabled/ 的脚本放回原处</translation>
    </message>
    <message>
        <source>{0} script</source>
        <translation>{0} 脚本</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <source>Not saved: {0}</source>
        <translation>未保存：{0}</translation>
    </message>
    <message>
        <source>{0} is not UTF-8 text; save it as UTF-8 to edit it here.</source>
        <translation>{0} 不是 UTF-8 文本；请另存为 UTF-8 后再在这里编辑。</translation>
    </message>
    <message>
        <source>{0} cannot be read: {1}</source>
        <translation>无法读取 {0}：{1}</translation>
    </message>
    <message>
        <source>● Used by runs: the file {0} exists.</source>
        <translation>● 运行时会使用：文件 {0} 存在。</translation>
    </message>
    <message>
        <source>What it returns becomes each row&apos;s result, in place of the judges&apos; built-in verdict parser.</source>
        <translation>它的返回值就是每一行的结果，取代评审的内置判定解析器。</translation>
    </message>
    <message>
        <source>○ Not used by runs: there is no {0} yet. Below is a starting point; typing in it creates the file.</source>
        <translation>○ 运行时不使用：还没有 {0}。下面是一个起点，在其中输入就会创建该文件。</translation>
    </message>
</context>
<context>
    <name>ScriptTrialView</name>
    <message>
        <source>Results of the try</source>
        <translation>试运行结果</translation>
    </message>
    <message>
        <source>Returned value</source>
        <translation>返回值</translation>
    </message>
    <message>
        <source>Changes to data and resp</source>
        <translation>对 data 和 resp 的改动</translation>
    </message>
    <message>
        <source>Printed output (stdout)</source>
        <translation>打印输出（stdout）</translation>
    </message>
    <message>
        <source>Error output (stderr)</source>
        <translation>错误输出（stderr）</translation>
    </message>
    <message>
        <source>stdout</source>
        <translation>stdout</translation>
    </message>
    <message>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <source>Judge replies passed in</source>
        <translation>传入的评审回复</translation>
    </message>
    <message>
        <source>What went wrong</source>
        <translation>出了什么问题</translation>
    </message>
    <message>
        <source>Returned</source>
        <translation>返回值</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>改动</translation>
    </message>
    <message>
        <source>Printed</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Judge replies</source>
        <translation>评审回复</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Press Run on this row (Ctrl+Enter) to try the script on the row shown.</source>
        <translation>按“在此行上运行”（Ctrl+Enter），在当前显示的行上试运行脚本。</translation>
    </message>
    <message>
        <source>Running {0} on row {1}… It is stopped after {2} s.</source>
        <translation>正在第 {1} 行上运行 {0}…… 超过 {2} 秒将被停止。</translation>
    </message>
    <message>
        <source>Running {0} on row {1}… (no time limit: press Stop to end it)</source>
        <translation>正在第 {1} 行上运行 {0}……（没有时间限制：按“停止”结束）</translation>
    </message>
    <message>
        <source>Stopped: {0} was ended before it finished.</source>
        <translation>已停止：{0} 在完成前被终止。</translation>
    </message>
    <message>
        <source>row {0} (id {1})</source>
        <translation>第 {0} 行（id {1}）</translation>
    </message>
    <message>
        <source>{0} failed first, so {1} did not run. {2}</source>
        <translation>{0} 先失败了，所以 {1} 没有运行。{2}</translation>
    </message>
    <message>
        <source> (line {0})</source>
        <translation>（代码第 {0} 行）</translation>
    </message>
    <message>
        <source>Failed on {0}{1}: {2}</source>
        <translation>在{0}上失败{1}：{2}</translation>
    </message>
    <message>
        <source>{0} ran on {1} in {2} and returned {3}.</source>
        <translation>{0} 在{1}上运行，用时 {2}，返回 {3}。</translation>
    </message>
    <message>
        <source>Fields changed: {0}.</source>
        <translation>改动的字段：{0} 个。</translation>
    </message>
    <message>
        <source>{0} s</source>
        <translation>{0} 秒</translation>
    </message>
    <message>
        <source>{0} ms</source>
        <translation>{0} 毫秒</translation>
    </message>
    <message>
        <source>Changes ({0})</source>
        <translation>改动（{0}）</translation>
    </message>
    <message>
        <source>Problem ●</source>
        <translation>问题 ●</translation>
    </message>
    <message>
        <source>Nothing in data or resp was changed.</source>
        <translation>data 和 resp 都没有改动。</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>修改</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>改动</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Only postprocess receives judge replies.</source>
        <translation>只有后处理脚本会收到评审回复。</translation>
    </message>
    <message>
        <source>Stored replies from run {0} ({1}) of the judges: {2}.</source>
        <translation>第 {0} 次运行（{1}）保存的评审回复，评审：{2}。</translation>
    </message>
    <message>
        <source>The sample reply, standing in for judge {0}.</source>
        <translation>示例回复，代替评审 {0} 的回复。</translation>
    </message>
    <message>
        <source>{0} raised an exception: {1}</source>
        <translation>{0} 抛出了异常：{1}</translation>
    </message>
    <message>
        <source>{0} ran longer than the time limit of {1} s and was stopped. Look for an endless loop or slow work; if it is just slow, raise the time limit.</source>
        <translation>{0} 运行超过了 {1} 秒的时间限制，已被停止。请检查是否有死循环或耗时的操作；如果只是慢，请调高时间限制。</translation>
    </message>
    <message>
        <source>{0} called sys.exit() or exit(), which would end every row. Return a value instead.</source>
        <translation>{0} 调用了 sys.exit() 或 exit()，这会让每一行都中止。请改为返回一个值。</translation>
    </message>
    <message>
        <source>{0} needed more memory than the limit of {1} MB and was stopped.</source>
        <translation>{0} 需要的内存超过了 {1} MB 的限制，已被停止。</translation>
    </message>
    <message>
        <source>The process running {0} crashed (os._exit, or a fault in a native library).</source>
        <translation>运行 {0} 的进程崩溃了（os._exit，或本地库出错）。</translation>
    </message>
    <message>
        <source>{0} returned or stored a value that is not plain data. Use text, numbers, true/false, None, and lists or dicts of those.</source>
        <translation>{0} 返回或存入了不是普通数据的值。请使用文本、数字、true/false、None，以及由它们组成的列表或字典。</translation>
    </message>
    <message>
        <source>{0} could not be loaded: a syntax error, an error outside the function, or no function with the right name.</source>
        <translation>无法加载 {0}：语法错误、函数外的代码出错，或没有名称正确的函数。</translation>
    </message>
    <message>
        <source>{0} failed: {1}</source>
        <translation>{0} 失败：{1}</translation>
    </message>
</context>
<context>
    <name>ScriptTrust</name>
    <message>
        <source>{0} changed outside JudgeDesk since you trusted this project, so its scripts do not run.</source>
        <translation>自您信任此项目以来，{0} 在 JudgeDesk 之外被更改，因此其脚本不会运行。</translation>
    </message>
    <message>
        <source>This project&apos;s scripts ({0}) have not been trusted on this computer, so they do not run: a project from elsewhere could run any program with your rights.</source>
        <translation>此项目的脚本（{0}）尚未在此电脑上获得信任，因此不会运行：来自别处的项目可能以您的权限运行任意程序。</translation>
    </message>
    <message>
        <source>Read them in the Scripts pane; if you trust them, choose File › Trust Project Scripts…, then try again.</source>
        <translation>请在脚本窗格中阅读它们；如果您信任它们，请选择“文件 › 信任项目脚本…”，然后重试。</translation>
    </message>
</context>
<context>
    <name>ScriptsPane</name>
    <message>
        <source>Scripts</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>▶ Run on this row</source>
        <translation>▶ 在此行上运行</translation>
    </message>
    <message>
        <source>Run on this row</source>
        <translation>在此行上运行</translation>
    </message>
    <message>
        <source>Run the script as it is in the editor on the row shown (Ctrl+Enter)</source>
        <translation>用编辑器中当前的脚本在显示的行上运行（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <source>Stop the try</source>
        <translation>停止试运行</translation>
    </message>
    <message>
        <source>End the running script now (Esc)</source>
        <translation>立即结束正在运行的脚本（Esc）</translation>
    </message>
    <message>
        <source>preprocess(data, resp, **kwargs) runs once per row before the judges: it may add or change fields of data and resp, and what it returns is preprocess_result in the templates.</source>
        <translation>preprocess(data, resp, **kwargs) 在评审之前对每一行运行一次：它可以新增或修改 data 和 resp 的字段，返回值在模板中即为 preprocess_result。</translation>
    </message>
    <message>
        <source>postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs) runs once per row after the judges; kwargs holds judge_req, judge_resp and judge_model of the last judge. What it returns is the row&apos;s result.</source>
        <translation>postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs) 在评审之后对每一行运行一次；kwargs 中含有最后一个评审的 judge_req、judge_resp 和 judge_model。它的返回值就是这一行的结果。</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Larger text</source>
        <translation>放大文字</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>缩小文字</translation>
    </message>
    <message>
        <source>Text at its usual size</source>
        <translation>文字恢复常规大小</translation>
    </message>
    <message>
        <source>Indent the line or the lines selected</source>
        <translation>缩进当前行或所选的行</translation>
    </message>
    <message>
        <source>Unindent the line or the lines selected</source>
        <translation>取消缩进当前行或所选的行</translation>
    </message>
    <message>
        <source>Leave the editor: next or previous field</source>
        <translation>离开编辑器：转到下一个或上一个字段</translation>
    </message>
    <message>
        <source>List the names the template can use</source>
        <translation>列出模板可以使用的名称</translation>
    </message>
    <message>
        <source>Find in the editor</source>
        <translation>在编辑器中查找</translation>
    </message>
    <message>
        <source>Find and replace in the editor</source>
        <translation>在编辑器中查找并替换</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>下一个匹配</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>上一个匹配</translation>
    </message>
    <message>
        <source>In the find bar: next match</source>
        <translation>在查找栏中：下一个匹配</translation>
    </message>
    <message>
        <source>Close the find bar</source>
        <translation>关闭查找栏</translation>
    </message>
    <message>
        <source>In the search: search at once</source>
        <translation>在搜索框中：立即搜索</translation>
    </message>
    <message>
        <source>In the search: clear it, then back to the table</source>
        <translation>在搜索框中：先清除搜索，再回到表格</translation>
    </message>
    <message>
        <source>Next row</source>
        <translation>下一行</translation>
    </message>
    <message>
        <source>Previous row</source>
        <translation>上一行</translation>
    </message>
    <message>
        <source>Your verdict: the key on its button</source>
        <translation>你的判定：按钮上标注的按键</translation>
    </message>
    <message>
        <source>Flag the row for a second look</source>
        <translation>标记此行，稍后再看</translation>
    </message>
    <message>
        <source>Write a note on the row</source>
        <translation>为此行书写备注</translation>
    </message>
    <message>
        <source>In the note: back to the rows</source>
        <translation>在备注中：回到行列表</translation>
    </message>
    <message>
        <source>Clear your verdict (the flag and the note stay)</source>
        <translation>清除你的判定（标记和备注保留）</translation>
    </message>
    <message>
        <source>Open a review pack</source>
        <translation>打开复核包</translation>
    </message>
    <message>
        <source>Close the window</source>
        <translation>关闭窗口</translation>
    </message>
    <message>
        <source>Undo the last review change</source>
        <translation>撤销上一次复核修改</translation>
    </message>
    <message>
        <source>Redo the review change undone</source>
        <translation>重做被撤销的复核修改</translation>
    </message>
    <message>
        <source>Agree with the judge</source>
        <translation>同意评审的判定</translation>
    </message>
    <message>
        <source>Disagree with the judge</source>
        <translation>不同意评审的判定</translation>
    </message>
    <message>
        <source>Run the script on the row shown</source>
        <translation>在显示的行上运行脚本</translation>
    </message>
    <message>
        <source>Stop the script running</source>
        <translation>停止正在运行的脚本</translation>
    </message>
    <message>
        <source>Judge the row shown (no run is recorded)</source>
        <translation>评审显示的行（不记录运行）</translation>
    </message>
    <message>
        <source>In the row search: the next row holding the text</source>
        <translation>在行搜索框中：下一个包含此文本的行</translation>
    </message>
    <message>
        <source>Next field</source>
        <translation>下一个字段</translation>
    </message>
    <message>
        <source>Previous field</source>
        <translation>上一个字段</translation>
    </message>
    <message>
        <source>Close a dialog or a list that popped up</source>
        <translation>关闭对话框或弹出的列表</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Filter the shortcuts</source>
        <translation>筛选快捷键</translation>
    </message>
    <message>
        <source>Filter: type a key or a word</source>
        <translation>筛选：输入按键或字词</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>作用</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>No shortcut matches the filter.</source>
        <translation>没有与筛选条件匹配的快捷键。</translation>
    </message>
    <message>
        <source>Dataset pane</source>
        <translation>“数据集”面板</translation>
    </message>
    <message>
        <source>Template pane</source>
        <translation>“模板”面板</translation>
    </message>
    <message>
        <source>Scripts pane</source>
        <translation>“脚本”面板</translation>
    </message>
    <message>
        <source>Template and script editors</source>
        <translation>模板和脚本编辑器</translation>
    </message>
    <message>
        <source>Review pane</source>
        <translation>“复核”面板</translation>
    </message>
    <message>
        <source>Review pack window</source>
        <translation>复核包窗口</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>{0} menu</source>
        <translation>“{0}”菜单</translation>
    </message>
</context>
<context>
    <name>StageWords</name>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Scripts</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>Judges</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Calibrate…</source>
        <translation>校准…</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>复核</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>to do</source>
        <translation>待办</translation>
    </message>
    <message>
        <source>stops a run</source>
        <translation>阻止运行</translation>
    </message>
    <message>
        <source>needs a look</source>
        <translation>需要查看</translation>
    </message>
    <message>
        <source>working</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>尚未开始</translation>
    </message>
    <message>
        <source>no dataset yet</source>
        <translation>尚无数据集</translation>
    </message>
    <message>
        <source>file not found</source>
        <translation>找不到文件</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>读取中…</translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 个问题</translation>
    </message>
    <message>
        <source>{0} problems</source>
        <translation>{0} 个问题</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>未使用</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>on, {0} failing</source>
        <translation>开启，{0} 行失败</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>尚未添加</translation>
    </message>
    <message>
        <source>all switched off</source>
        <translation>全部已关闭</translation>
    </message>
    <message>
        <source>not reachable</source>
        <translation>无法连接</translation>
    </message>
    <message>
        <source>1 ready</source>
        <translation>1 个就绪</translation>
    </message>
    <message>
        <source>{0} ready</source>
        <translation>{0} 个就绪</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>尚未运行</translation>
    </message>
    <message>
        <source>running {0}%</source>
        <translation>运行中 {0}%</translation>
    </message>
    <message>
        <source>{0} failed</source>
        <translation>{0} 行失败</translation>
    </message>
    <message>
        <source>{0} judged</source>
        <translation>已评 {0} 行</translation>
    </message>
    <message>
        <source>after a run</source>
        <translation>运行之后</translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <translation>{0} / {1}</translation>
    </message>
    <message>
        <source>1 more review</source>
        <translation>再复核 1 行</translation>
    </message>
    <message>
        <source>{0} more reviews</source>
        <translation>再复核 {0} 行</translation>
    </message>
    <message>
        <source>{0}, {1} unreadable</source>
        <translation>{0}，{1} 行无法读取</translation>
    </message>
    <message>
        <source>{0} of {1}, 1 disagreement</source>
        <translation>{0} / {1}，1 处分歧</translation>
    </message>
    <message>
        <source>{0} of {1}, {2} disagreements</source>
        <translation>{0} / {1}，{2} 处分歧</translation>
    </message>
    <message>
        <source>all {0} reviewed</source>
        <translation>{0} 行全部复核</translation>
    </message>
    <message>
        <source>ready to export</source>
        <translation>可以导出</translation>
    </message>
    <message>
        <source>up to date</source>
        <translation>已是最新</translation>
    </message>
    <message>
        <source>out of date</source>
        <translation>已过时</translation>
    </message>
    <message>
        <source>about {0} s</source>
        <translation>约 {0} 秒</translation>
    </message>
    <message>
        <source>about {0} min</source>
        <translation>约 {0} 分钟</translation>
    </message>
    <message>
        <source>about {0} h</source>
        <translation>约 {0} 小时</translation>
    </message>
    <message>
        <source>Open a project, or make one from a dataset.</source>
        <translation>打开一个项目，或从数据集新建一个。</translation>
    </message>
    <message>
        <source>Import the dataset to judge.</source>
        <translation>导入要评测的数据集。</translation>
    </message>
    <message>
        <source>Add a judge: a model on a server, a model file, or a rule.</source>
        <translation>添加评审：服务器上的模型、模型文件或规则。</translation>
    </message>
    <message>
        <source>Fix the template&apos;s problem on line {0}.</source>
        <translation>修正模板第 {0} 行的问题。</translation>
    </message>
    <message>
        <source>Fix the template&apos;s problem.</source>
        <translation>修正模板的问题。</translation>
    </message>
    <message>
        <source>Correct the judge: {0}</source>
        <translation>修正评审：{0}</translation>
    </message>
    <message>
        <source>Switch a judge on, or add one.</source>
        <translation>开启一个评审，或添加一个。</translation>
    </message>
    <message>
        <source>Correct the run&apos;s settings: {0}</source>
        <translation>修正运行设置：{0}</translation>
    </message>
    <message>
        <source>The judges are at work: {0}% done.</source>
        <translation>评审正在工作：已完成 {0}%。</translation>
    </message>
    <message>
        <source>at most {0}</source>
        <translation>至多 {0}</translation>
    </message>
    <message>
        <source>Run {0}</source>
        <translation>运行 {0}</translation>
    </message>
    <message>
        <source>1 row failed: run it again.</source>
        <translation>1 行失败：请重新运行它。</translation>
    </message>
    <message>
        <source>{0} rows failed: run them again.</source>
        <translation>{0} 行失败：再运行一次。</translation>
    </message>
    <message>
        <source>Review the row where you and the judge disagree.</source>
        <translation>复核你与评审意见不一致的那一行。</translation>
    </message>
    <message>
        <source>Review the {0} disagreements.</source>
        <translation>复核 {0} 处分歧。</translation>
    </message>
    <message>
        <source>Calibrate the judges on the rows people reviewed: 1 row is held back as the test part.</source>
        <translation>用人工审阅过的行校准评审：留出 1 行作为测试部分。</translation>
    </message>
    <message>
        <source>Calibrate the judges on the rows people reviewed: {0} rows are held back as the test part.</source>
        <translation>用人工审阅过的行校准评审：留出 {0} 行作为测试部分。</translation>
    </message>
    <message>
        <source>Review the row left of the random sample</source>
        <translation>复核随机样本中剩下的 1 行</translation>
    </message>
    <message>
        <source>Review the {0} rows left of the random sample</source>
        <translation>复核随机样本中剩下的 {0} 行</translation>
    </message>
    <message>
        <source>{0}; {1} needs {2}, more than it holds.</source>
        <translation>{0}；要达到 {1} 还需{2}，超过了样本的行数。</translation>
    </message>
    <message>
        <source>Review 1 more row of the random sample for {0}.</source>
        <translation>再复核随机样本中的 1 行，区间即可收窄到 {0}。</translation>
    </message>
    <message>
        <source>Review the judge&apos;s verdicts: {0} to go.</source>
        <translation>复核评审的结论：还剩 {0}。</translation>
    </message>
    <message>
        <source>Export the report.</source>
        <translation>导出报告。</translation>
    </message>
    <message>
        <source>Results or reviews changed after the export: export the report again.</source>
        <translation>导出之后结果或复核有了变化：请重新导出报告。</translation>
    </message>
    <message>
        <source>New Project…</source>
        <translation>新建项目…</translation>
    </message>
    <message>
        <source>Import Dataset…</source>
        <translation>导入数据集…</translation>
    </message>
    <message>
        <source>Add a Judge</source>
        <translation>添加评审</translation>
    </message>
    <message>
        <source>Show the Line</source>
        <translation>转到该行</translation>
    </message>
    <message>
        <source>Show the Judge</source>
        <translation>查看评审</translation>
    </message>
    <message>
        <source>Show the Settings</source>
        <translation>查看设置</translation>
    </message>
    <message>
        <source>Show the Run</source>
        <translation>查看运行</translation>
    </message>
    <message>
        <source>Run Them Again</source>
        <translation>重新运行</translation>
    </message>
    <message>
        <source>Review Them</source>
        <translation>去复核</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Review the Sample</source>
        <translation>复核样本</translation>
    </message>
    <message>
        <source>1 more review gives a test part of {0}.</source>
        <translation>再审阅 1 行，测试部分即可达到 {0}。</translation>
    </message>
    <message>
        <source>{0} more reviews give a test part of {1}.</source>
        <translation>再审阅 {0} 行，测试部分即可达到 {1}。</translation>
    </message>
    <message>
        <source>±{0} points</source>
        <translation>±{0} 个百分点</translation>
    </message>
    <message>
        <source>±{0} on the mean score</source>
        <translation>平均分 ±{0}</translation>
    </message>
    <message>
        <source>Review {0} more rows of the random sample for {1}.</source>
        <translation>再复核随机样本中的 {0} 行，区间即可收窄到 {1}。</translation>
    </message>
</context>
<context>
    <name>StructuredRows</name>
    <message>
        <source>Structured verdicts</source>
        <translation>结构化判定</translation>
    </message>
    <message>
        <source>Asks the model for its verdict as JSON in a schema made from what this judge reads (a score in its range, one of the labels, a choice between two answers), so that small models keep to the format. The prompt stays as the template writes it.</source>
        <translation>要求模型按 JSON 模式给出判定，该模式根据此评审读取的内容生成（范围内的分数、某个标签、两个回答之间的选择），使小模型也能保持格式。提示词仍按模板原样发送。</translation>
    </message>
    <message>
        <source>How JSON is asked for</source>
        <translation>请求 JSON 的方式</translation>
    </message>
    <message>
        <source>Usual for this server</source>
        <translation>此服务器的常用方式</translation>
    </message>
    <message>
        <source>Servers take the schema in different fields; Test connection finds one.</source>
        <translation>不同服务器在不同字段中接收模式；“测试连接”会找出可用的一种。</translation>
    </message>
    <message>
        <source>Asked with</source>
        <translation>请求方式</translation>
    </message>
    <message>
        <source>Use Structured Verdicts</source>
        <translation>使用结构化判定</translation>
    </message>
    <message>
        <source>Checking whether the server answers in JSON…</source>
        <translation>正在检查服务器能否以 JSON 回答…</translation>
    </message>
</context>
<context>
    <name>TemplateDetailsView</name>
    <message>
        <source>A score, written as “Score: [[n]]”</source>
        <translation>一个分数，写作“Score: [[n]]”</translation>
    </message>
    <message>
        <source>Which of two answers is better, [[A&gt;&gt;B]] … [[B&gt;&gt;A]], read as 1 to 5</source>
        <translation>两个回答中哪个更好，[[A&gt;&gt;B]] … [[B&gt;&gt;A]]，读作 1 到 5</translation>
    </message>
    <message>
        <source>One of five choices, A++ A+ A=B B+ B++, read as 1 to 5</source>
        <translation>五选一：A++、A+、A=B、B+、B++，读作 1 到 5</translation>
    </message>
    <message>
        <source>Correct or incorrect (A or B), read as true or false</source>
        <translation>正确或错误（A 或 B），读作真或假</translation>
    </message>
    <message>
        <source>A JSON object: an overall score and a score for each dimension</source>
        <translation>一个 JSON 对象：综合评分和每个维度的分数</translation>
    </message>
    <message>
        <source>MT-Bench&apos;s [[A]], [[B]] or [[C]] (a tie), read as 2, 4 or 3</source>
        <translation>MT-Bench 的 [[A]]、[[B]] 或 [[C]]（平局），读作 2、4 或 3</translation>
    </message>
    <message>
        <source>Prometheus&apos; “[RESULT] n”, a score from 1 to 5</source>
        <translation>Prometheus 的“[RESULT] n”，1 到 5 的分数</translation>
    </message>
    <message>
        <source>Prometheus&apos; “[RESULT] A” or “[RESULT] B”</source>
        <translation>Prometheus 的“[RESULT] A”或“[RESULT] B”</translation>
    </message>
    <message>
        <source>LLMBar&apos;s “Output (a)” or “Output (b)”</source>
        <translation>LLMBar 的“Output (a)”或“Output (b)”</translation>
    </message>
    <message>
        <source>JudgeLM&apos;s two scores on the first line, compared</source>
        <translation>JudgeLM 第一行的两个分数，相互比较</translation>
    </message>
    <message>
        <source>Verdict:</source>
        <translation>评审结论：</translation>
    </message>
    <message>
        <source>Looks at:</source>
        <translation>查看内容：</translation>
    </message>
    <message>
        <source>Reads from the row:</source>
        <translation>从行中读取：</translation>
    </message>
    <message>
        <source>Project variables:</source>
        <translation>项目变量：</translation>
    </message>
    <message>
        <source>The template&apos;s source</source>
        <translation>模板源码</translation>
    </message>
    <message>
        <source>The template rendered for the row</source>
        <translation>为该行渲染的模板</translation>
    </message>
    <message>
        <source>Source and example</source>
        <translation>源码和示例</translation>
    </message>
    <message>
        <source>Sour&amp;ce</source>
        <translation>源码(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Example for this row</source>
        <translation>该行的示例(&amp;E)</translation>
    </message>
    <message>
        <source>Rendering…</source>
        <translation>正在渲染…</translation>
    </message>
    <message>
        <source>No dataset row to show: values from a row are empty.</source>
        <translation>没有可显示的数据行：来自行的值为空。</translation>
    </message>
    <message>
        <source>Row {0} (id {1}), with the project&apos;s variables and, for those the project lacks, this template&apos;s defaults.</source>
        <translation>第 {0} 行（id {1}），使用项目变量；项目中缺少的变量取此模板的默认值。</translation>
    </message>
    <message>
        <source>Row {0} (id {1}), with the project&apos;s variables.</source>
        <translation>第 {0} 行（id {1}），使用项目变量。</translation>
    </message>
    <message>
        <source>two answers side by side</source>
        <translation>并排比较两个回答</translation>
    </message>
    <message>
        <source>one answer at a time</source>
        <translation>每次一个回答</translation>
    </message>
    <message>
        <source>the reference answer</source>
        <translation>参考答案</translation>
    </message>
    <message>
        <source>the earlier turns of a chat</source>
        <translation>对话中较早的轮次</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>{0} (the project has them)</source>
        <translation>{0}（项目中已有）</translation>
    </message>
    <message>
        <source>{0} (missing in the project)</source>
        <translation>{0}（项目中缺少）</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>TemplateImportDialog</name>
    <message>
        <source>Import a Template</source>
        <translation>导入模板</translation>
    </message>
    <message>
        <source>Prompts written for other tools mark the values they insert as {$name} or {name}. JudgeDesk templates write {{ name }}: open or paste such a prompt and check how each placeholder was converted.</source>
        <translation>为其他工具编写的提示词用 {$name} 或 {name} 标记要插入的值，而 JudgeDesk 模板写作 {{ name }}。打开或粘贴这样的提示词，并检查每个占位符是如何转换的。</translation>
    </message>
    <message>
        <source>&amp;Open a file…</source>
        <translation>打开文件(&amp;O)…</translation>
    </message>
    <message>
        <source>Placeholder style</source>
        <translation>占位符格式</translation>
    </message>
    <message>
        <source>Recognise automatically</source>
        <translation>自动识别</translation>
    </message>
    <message>
        <source>&amp;Placeholders:</source>
        <translation>占位符(&amp;P)：</translation>
    </message>
    <message>
        <source>Original prompt</source>
        <translation>原始提示词</translation>
    </message>
    <message>
        <source>Paste a prompt here, or open a file</source>
        <translation>在此粘贴提示词，或打开一个文件</translation>
    </message>
    <message>
        <source>Converted to Jinja2</source>
        <translation>转换后的 Jinja2</translation>
    </message>
    <message>
        <source>O&amp;riginal</source>
        <translation>原文(&amp;R)</translation>
    </message>
    <message>
        <source>Converted to &amp;Jinja2</source>
        <translation>转换后的 Jinja2(&amp;J)</translation>
    </message>
    <message>
        <source>Placeholders converted, and what to check</source>
        <translation>已转换的占位符及需要检查的地方</translation>
    </message>
    <message>
        <source>&amp;Changes</source>
        <translation>改动(&amp;C)</translation>
    </message>
    <message>
        <source>R&amp;eplace the template</source>
        <translation>替换模板(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Insert at the cursor</source>
        <translation>插入到光标处(&amp;I)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Choose a prompt file</source>
        <translation>选择提示词文件</translation>
    </message>
    <message>
        <source>Text files (*.txt *.md *.j2 *.jinja *.jinja2 *.prompt);;All files (*)</source>
        <translation>文本文件 (*.txt *.md *.j2 *.jinja *.jinja2 *.prompt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <source>&amp;Changes: {0} placeholders converted, {1} to check</source>
        <translation>改动(&amp;C)：已转换 {0} 个占位符，{1} 处需要检查</translation>
    </message>
    <message>
        <source>Paste or open a prompt first</source>
        <translation>请先粘贴或打开一段提示词</translation>
    </message>
    <message>
        <source>Neither a field of the dataset nor a known name: it reads the project variable “{0}”, which the project does not have yet.</source>
        <translation>既不是数据集的字段，也不是已知的名称：它读取项目变量“{0}”，而项目中还没有这个变量。</translation>
    </message>
    <message>
        <source>The dataset&apos;s field “{0}”. If it meant {1}, change it to {{{{ {1} }}}}.</source>
        <translation>这是数据集的字段“{0}”。如果原意是 {1}，请改为 {{{{ {1} }}}}。</translation>
    </message>
    <message>
        <source>Left as text: the prompt uses the other placeholder style. If it is a placeholder too, write it as {{{{ {0} }}}}.</source>
        <translation>按原文保留：这段提示词使用的是另一种占位符格式。如果它也是占位符，请写成 {{{{ {0} }}}}。</translation>
    </message>
    <message>
        <source>Kept as plain text, not read as Jinja2.</source>
        <translation>作为普通文本保留，不按 Jinja2 解析。</translation>
    </message>
    <message>
        <source>No {$name} or {name} placeholders were found: the text is used as it is (it may already be a Jinja2 template).</source>
        <translation>没有找到 {$name} 或 {name} 占位符：文本将按原样使用（它可能已经是 Jinja2 模板）。</translation>
    </message>
    <message>
        <source>the imported prompt</source>
        <translation>导入的提示词</translation>
    </message>
</context>
<context>
    <name>TemplateLibraryDialog</name>
    <message>
        <source>Template Library</source>
        <translation>模板库</translation>
    </message>
    <message>
        <source>a score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>a comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>a five-way choice</source>
        <translation>五选一</translation>
    </message>
    <message>
        <source>correct or incorrect</source>
        <translation>正确或错误</translation>
    </message>
    <message>
        <source>JSON scores</source>
        <translation>JSON 评分</translation>
    </message>
    <message>
        <source>an MT-Bench verdict</source>
        <translation>MT-Bench 判定</translation>
    </message>
    <message>
        <source>a Prometheus score</source>
        <translation>Prometheus 分数</translation>
    </message>
    <message>
        <source>a Prometheus comparison</source>
        <translation>Prometheus 比较</translation>
    </message>
    <message>
        <source>an LLMBar choice</source>
        <translation>LLMBar 选择</translation>
    </message>
    <message>
        <source>two JudgeLM scores</source>
        <translation>JudgeLM 的两个分数</translation>
    </message>
    <message>
        <source>Language of the templates</source>
        <translation>模板的语言</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Search the templates</source>
        <translation>搜索模板</translation>
    </message>
    <message>
        <source>Search…</source>
        <translation>搜索…</translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation>清除搜索</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>搜索(&amp;S)：</translation>
    </message>
    <message>
        <source>Built-in templates</source>
        <translation>内置模板</translation>
    </message>
    <message>
        <source>Enter or a double click replaces the template with this one</source>
        <translation>按回车键或双击，用这个模板替换当前模板</translation>
    </message>
    <message>
        <source>No template matches the search.</source>
        <translation>没有与搜索相符的模板。</translation>
    </message>
    <message>
        <source>Also use its s&amp;ystem prompt</source>
        <translation>同时使用它的系统提示词(&amp;Y)</translation>
    </message>
    <message>
        <source>Also change how the judge&apos;s verdicts are read</source>
        <translation>同时更改评审结论的读取方式</translation>
    </message>
    <message>
        <source>&amp;Replace the template</source>
        <translation>替换模板(&amp;R)</translation>
    </message>
    <message>
        <source>Put this template in the editor instead of the current text (Ctrl+Z undoes)</source>
        <translation>用这个模板替换编辑器中的当前文本（Ctrl+Z 可撤销）</translation>
    </message>
    <message>
        <source>&amp;Insert at the cursor</source>
        <translation>插入到光标处(&amp;I)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Also read the judge&apos;s ver&amp;dicts as “{0}” (now “{1}”)</source>
        <translation>同时将评审结论按“{0}”读取（当前为“{1}”）(&amp;D)</translation>
    </message>
</context>
<context>
    <name>TemplatePage</name>
    <message>
        <source>Choose how the judge grades</source>
        <translation>选择评审的评判方式</translation>
    </message>
    <message>
        <source>A template is the instruction the judge model reads for each row. Start from a built-in one; you can edit it afterwards in the Template pane.</source>
        <translation>模板是评审模型针对每一行阅读的指令。先从内置模板开始，之后可以在“模板”面板中编辑。</translation>
    </message>
    <message>
        <source>Use a &amp;built-in template</source>
        <translation>使用内置模板(&amp;B)</translation>
    </message>
    <message>
        <source>Language of the template</source>
        <translation>模板语言</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Built-in templates</source>
        <translation>内置模板</translation>
    </message>
    <message>
        <source>What the template does</source>
        <translation>模板的作用</translation>
    </message>
    <message>
        <source>Use a template &amp;file of my own</source>
        <translation>使用自己的模板文件(&amp;F)</translation>
    </message>
    <message>
        <source>Template file</source>
        <translation>模板文件</translation>
    </message>
    <message>
        <source>A Jinja2 or plain-text prompt file</source>
        <translation>Jinja2 或纯文本格式的提示词文件</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Browse for a template file</source>
        <translation>浏览以选择模板文件</translation>
    </message>
    <message>
        <source>Placeholders such as {question} or {{answer}} are turned into the names JudgeDesk uses.</source>
        <translation>{question} 或 {{answer}} 这类占位符会被转换为 JudgeDesk 使用的名称。</translation>
    </message>
    <message>
        <source>Judge each pair in both &amp;orders</source>
        <translation>每对都按两种顺序评审(&amp;O)</translation>
    </message>
    <message>
        <source>The judge is asked a second time with the two answers exchanged, which cancels its preference for the answer shown first; pairs judged differently count as ties. It doubles the requests. You can change this later in the Run pane.</source>
        <translation>评审会在交换两份回答后再被询问一次，以抵消它对先出现回答的偏好；两次判定不一致的一对记为平局。请求数会加倍。之后可以在“运行”面板中更改。</translation>
    </message>
    <message>
        <source>Choose a template file</source>
        <translation>选择模板文件</translation>
    </message>
    <message>
        <source>Templates (*.j2 *.jinja *.jinja2 *.txt *.md);;All files (*)</source>
        <translation>模板 (*.j2 *.jinja *.jinja2 *.txt *.md);;所有文件 (*)</translation>
    </message>
    <message>
        <source>There is no file at this path.</source>
        <translation>此路径下没有文件。</translation>
    </message>
    <message>
        <source>• Compares two answers (Response A and Response B).</source>
        <translation>• 比较两份回答（回答 A 和回答 B）。</translation>
    </message>
    <message>
        <source>• Grades one answer at a time.</source>
        <translation>• 每次评判一份回答。</translation>
    </message>
    <message>
        <source>• Uses the reference answer.</source>
        <translation>• 使用参考答案。</translation>
    </message>
    <message>
        <source>• Shows the earlier turns of a chat.</source>
        <translation>• 展示对话中此前的轮次。</translation>
    </message>
    <message>
        <source>This template compares two answers, but no columns are chosen for Response A and Response B. Go Back to choose them (under More columns).</source>
        <translation>此模板比较两份回答，但还没有为回答 A 和回答 B 选择列。请点击“上一步”返回，在“更多列”下选择。</translation>
    </message>
    <message>
        <source>This template compares with a reference answer, but no column is chosen for it. Go Back to choose one, or pick a template without a reference.</source>
        <translation>此模板需要与参考答案比较，但还没有为参考答案选择列。请点击“上一步”返回选择，或改选不需要参考答案的模板。</translation>
    </message>
</context>
<context>
    <name>TemplatePane</name>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>&amp;Judge</source>
        <translation>评审(&amp;J)</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>Optional: sent before the template as the system message</source>
        <translation>可选：作为系统消息，在模板之前发送</translation>
    </message>
    <message>
        <source>&amp;System prompt</source>
        <translation>系统提示词(&amp;S)</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>&amp;Template</source>
        <translation>模板(&amp;T)</translation>
    </message>
    <message>
        <source>Type {{ to insert a value from the row; Ctrl+Space lists them all.</source>
        <translation>输入 {{ 可插入该行中的值；按 Ctrl+Space 列出全部可用的值。</translation>
    </message>
    <message>
        <source>Open a project to write its judges&apos; prompts.</source>
        <translation>打开项目后，即可在此编写其评审的提示词。</translation>
    </message>
    <message>
        <source>This project has no model judge, so there is no prompt to write: rule judges compare answers without one. Add a judge of the kind “Model endpoint” in the Judges pane, then come back here.</source>
        <translation>此项目没有模型评审，因此无需编写提示词：规则评审不用提示词就能比较回答。请先在“评审”面板中添加一个类型为“模型端点”的评审，再回到这里。</translation>
    </message>
    <message>
        <source>Edit the system prompt of “{0}”</source>
        <translation>编辑“{0}”的系统提示词</translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <source>Not saved: {0}</source>
        <translation>未保存：{0}</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>New file: it is created when you type</source>
        <translation>新文件：开始输入时才会创建</translation>
    </message>
    <message>
        <source>The file is not UTF-8 text; save it as UTF-8 to edit it here</source>
        <translation>此文件不是 UTF-8 文本；请将它另存为 UTF-8 后再在此编辑</translation>
    </message>
    <message>
        <source>Cannot read the file: {0}</source>
        <translation>无法读取文件：{0}</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
</context>
<context>
    <name>TemplateTools</name>
    <message>
        <source>&amp;Library…</source>
        <translation>模板库(&amp;L)…</translation>
    </message>
    <message>
        <source>Start from a built-in template: see it rendered for this row first</source>
        <translation>从内置模板开始：先查看它为该行渲染的效果</translation>
    </message>
    <message>
        <source>Varia&amp;bles…</source>
        <translation>变量(&amp;B)…</translation>
    </message>
    <message>
        <source>The project&apos;s variables (max_score, scene_desc, …) and scene presets</source>
        <translation>项目变量（max_score、scene_desc 等）和场景预设</translation>
    </message>
    <message>
        <source>I&amp;mport…</source>
        <translation>导入(&amp;M)…</translation>
    </message>
    <message>
        <source>Turn a prompt written for another tool into a template</source>
        <translation>把为其他工具编写的提示词转换为模板</translation>
    </message>
    <message>
        <source>Add the variables of “{0}”</source>
        <translation>添加“{0}”的变量</translation>
    </message>
    <message>
        <source>Change how “{0}” reads its verdicts</source>
        <translation>更改“{0}”读取评审结论的方式</translation>
    </message>
</context>
<context>
    <name>TimeLimitBox</name>
    <message>
        <source>Time limit in seconds</source>
        <translation>时间限制（秒）</translation>
    </message>
    <message>
        <source>How long one call of a script may take, here and in runs, before it is stopped. 0 means no limit.</source>
        <translation>在这里和正式运行中，脚本每次调用最多可运行多久，超时即被停止。0 表示不限制。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限制</translation>
    </message>
    <message>
        <source>&amp;Time limit</source>
        <translation>时间限制(&amp;T)</translation>
    </message>
    <message>
        <source>Change the script time limit</source>
        <translation>修改脚本时间限制</translation>
    </message>
</context>
<context>
    <name>TrialPanel</name>
    <message>
        <source>&amp;Try on stored replies</source>
        <translation>在已保存的回复上试用(&amp;T)</translation>
    </message>
    <message>
        <source>Read every reply this judge already gave with the rule; no judge is asked.</source>
        <translation>用这条规则读取这个评审已给出的每条回复；不会询问任何评审。</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Replies read and not read, by reason</source>
        <translation>读出和未读出的回复，按原因分组</translation>
    </message>
    <message>
        <source>An example reply</source>
        <translation>一条示例回复</translation>
    </message>
    <message>
        <source>Select a line above to see an example reply.</source>
        <translation>选择上面的一行，查看一条示例回复。</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>How often each verdict was given</source>
        <translation>每种判定出现的次数</translation>
    </message>
    <message>
        <source>Example reply</source>
        <translation>示例回复</translation>
    </message>
    <message>
        <source>Verdicts the rule gives</source>
        <translation>规则读出的判定</translation>
    </message>
    <message>
        <source>Reading the stored replies…</source>
        <translation>正在读取已保存的回复……</translation>
    </message>
    <message>
        <source>This judge has no stored replies yet, so there is nothing to try the rule on. Run it on a few rows first (Run pane, “first 10 rows”), then come back.</source>
        <translation>这个评审还没有已保存的回复，没有可以试用规则的内容。请先让它评审几行（在“运行”面板中选“前 10 行”），再回来试用。</translation>
    </message>
    <message>
        <source>The rule reads {0} of {1} stored replies.</source>
        <translation>规则读出了 {1} 条已保存回复中的 {0} 条。</translation>
    </message>
    <message>
        <source>{0} are not read (the reasons are below).</source>
        <translation>{0} 条没有读出（原因见下方）。</translation>
    </message>
    <message>
        <source>{0} give several different verdicts; the first one was taken.</source>
        <translation>{0} 条给出了多个不同的判定，取了第一个。</translation>
    </message>
    <message>
        <source>{0} give several different verdicts; the last one was taken.</source>
        <translation>{0} 条给出了多个不同的判定，取了最后一个。</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>已读出</translation>
    </message>
    <message>
        <source>Read, but with conflicting verdicts</source>
        <translation>已读出，但判定前后矛盾</translation>
    </message>
    <message>
        <source>Not read: {0}</source>
        <translation>未读出：{0}</translation>
    </message>
</context>
<context>
    <name>TrustLists</name>
    <message>
        <source>keyring entry {0}</source>
        <translation>密钥环条目 {0}</translation>
    </message>
    <message>
        <source>an API key</source>
        <translation>一个 API 密钥</translation>
    </message>
    <message>
        <source>made here</source>
        <translation>在此创建</translation>
    </message>
    <message>
        <source>trusted by you</source>
        <translation>由您信任</translation>
    </message>
    <message>
        <source>scripts you wrote</source>
        <translation>您编写的脚本</translation>
    </message>
    <message>
        <source>These are answers you gave on this computer; a project cannot bring its own. Revoking one takes effect at once: JudgeDesk asks again the next time it is needed.</source>
        <translation>这些是您在这台电脑上给出的答复；项目无法自带这些答复。撤销会立即生效：下次需要时 JudgeDesk 会再次询问。</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Projects whose scripts may run</source>
        <translation>允许运行脚本的项目</translation>
    </message>
    <message>
        <source>Project folder</source>
        <translation>项目文件夹</translation>
    </message>
    <message>
        <source>How</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Keys allowed to go to a server</source>
        <translation>允许发送到服务器的密钥</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>密钥</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Files a project may read outside its folder</source>
        <translation>项目可读取的、位于其文件夹之外的文件</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
</context>
<context>
    <name>TrustQuestion</name>
    <message>
        <source>Do you trust this project?</source>
        <translation>您信任此项目吗？</translation>
    </message>
    <message>
        <source>Scripts of “{0}” changed since you trusted it: {1}. Scripts run as programs on this computer, with your rights. Allow them only if you know what changed.</source>
        <translation>自您信任“{0}”以来，其脚本已被更改：{1}。脚本会以您的权限在此电脑上作为程序运行。只有在您清楚改动内容时才允许它们。</translation>
    </message>
    <message>
        <source>“{0}” was not made on this computer, and it has scripts that JudgeDesk would run as programs, with your rights, during runs. Allow them only if you trust where the project comes from.</source>
        <translation>“{0}”不是在此电脑上创建的，其中的脚本会在运行时由 JudgeDesk 以您的权限作为程序执行。只有在您信任此项目的来源时才允许它们。</translation>
    </message>
    <message>
        <source>The project&apos;s scripts</source>
        <translation>项目的脚本</translation>
    </message>
    <message>
        <source>Either way the project opens: you can read everything, in the Scripts pane too. Until you trust it, runs, Run on this row and Judge this row refuse to run its scripts; File › Trust Project Scripts… asks again.</source>
        <translation>无论如何项目都会打开：您可以查看所有内容，包括脚本窗格。在您信任它之前，运行、“在此行上运行”和“评审此行”都不会执行其脚本；“文件 › 信任项目脚本…”会再次询问。</translation>
    </message>
    <message>
        <source>&amp;Trust and allow scripts</source>
        <translation>信任并允许脚本(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Open without running scripts</source>
        <translation>打开但不运行脚本(&amp;O)</translation>
    </message>
    <message>
        <source>… and {0} more lines</source>
        <translation>……还有 {0} 行</translation>
    </message>
    <message>
        <source>Other files the scripts can use: {0}</source>
        <translation>脚本可使用的其他文件：{0}</translation>
    </message>
</context>
<context>
    <name>VariablesDialog</name>
    <message>
        <source>Project Variables</source>
        <translation>项目变量</translation>
    </message>
    <message>
        <source>Every template of the project can read these values by name, for example {{ max_score }}. Numbers stay numbers, so templates can compare them. Edit › Undo takes back any change.</source>
        <translation>项目中的每个模板都可以按名称读取这些值，例如 {{ max_score }}。数字保持为数字，模板可以对它们进行比较。任何改动都可以用“编辑 › 撤销”撤回。</translation>
    </message>
    <message>
        <source>Project variables</source>
        <translation>项目变量</translation>
    </message>
    <message>
        <source>&amp;Variables</source>
        <translation>变量(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>Add a variable</source>
        <translation>添加变量</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>Remove the selected variables</source>
        <translation>删除选中的变量</translation>
    </message>
    <message>
        <source>Scene preset</source>
        <translation>场景预设</translation>
    </message>
    <message>
        <source>Fills evaluation_scene, scene_desc, evaluation_metric, max_score, score_details and steps for the multi-dimension template</source>
        <translation>为多维度模板填写 evaluation_scene、scene_desc、evaluation_metric、max_score、score_details 和 steps</translation>
    </message>
    <message>
        <source>&amp;Scene preset:</source>
        <translation>场景预设(&amp;S)：</translation>
    </message>
    <message>
        <source>A&amp;pply</source>
        <translation>应用(&amp;P)</translation>
    </message>
    <message>
        <source>Apply the scene preset</source>
        <translation>应用场景预设</translation>
    </message>
    <message>
        <source>Va&amp;lue</source>
        <translation>值(&amp;L)</translation>
    </message>
    <message>
        <source>Value of the selected variable</source>
        <translation>选中变量的值</translation>
    </message>
    <message>
        <source>Apply the scene preset “{0}”</source>
        <translation>应用场景预设“{0}”</translation>
    </message>
    <message>
        <source>Choose a variable to see its value</source>
        <translation>选择一个变量以查看它的值</translation>
    </message>
    <message>
        <source>Va&amp;lue of “{0}”</source>
        <translation>“{0}”的值(&amp;L)</translation>
    </message>
    <message>
        <source>Empty text</source>
        <translation>空文本</translation>
    </message>
    <message>
        <source>Numbers and true/false are edited in the table</source>
        <translation>数字和真/假值在表格中编辑</translation>
    </message>
</context>
<context>
    <name>VariablesTableModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>True or false</source>
        <translation>真或假</translation>
    </message>
    <message>
        <source>List or table</source>
        <translation>列表或表</translation>
    </message>
    <message>
        <source>Templates read it as {{{{ {0} }}}}</source>
        <translation>模板中写作 {{{{ {0} }}}}</translation>
    </message>
    <message>
        <source>“{0}” is not a number. Type a number such as 10 or 0.5, or make the variable text.</source>
        <translation>“{0}”不是数字。请输入数字，例如 10 或 0.5，或者把变量改为文本。</translation>
    </message>
    <message>
        <source>“{0}” is neither true nor false. Type true or false.</source>
        <translation>“{0}”既不是 true 也不是 false。请输入 true 或 false。</translation>
    </message>
    <message>
        <source>A variable needs a name, such as max_score.</source>
        <translation>变量需要一个名称，例如 max_score。</translation>
    </message>
    <message>
        <source>“{0}” cannot name a variable: use letters, digits and _ only, not starting with a digit (for example max_score).</source>
        <translation>“{0}”不能用作变量名：只能使用字母、数字和下划线，且不能以数字开头（例如 max_score）。</translation>
    </message>
    <message>
        <source>“{0}” is a name templates already use for the row. Choose another name.</source>
        <translation>“{0}”是模板用来表示行数据的名称。请换一个名称。</translation>
    </message>
    <message>
        <source>There is already a variable called “{0}”. Choose another name.</source>
        <translation>已经有一个名为“{0}”的变量。请换一个名称。</translation>
    </message>
    <message>
        <source>Rename the variable “{0}” to “{1}”</source>
        <translation>将变量“{0}”重命名为“{1}”</translation>
    </message>
    <message>
        <source>Make “{0}” {1}</source>
        <translation>将“{0}”改为{1}</translation>
    </message>
    <message>
        <source>Set the variable “{0}”</source>
        <translation>设置变量“{0}”</translation>
    </message>
    <message>
        <source>Add the variable “{0}”</source>
        <translation>添加变量“{0}”</translation>
    </message>
    <message>
        <source>Remove the variable “{0}”</source>
        <translation>删除变量“{0}”</translation>
    </message>
    <message>
        <source>Remove {0} variables</source>
        <translation>删除 {0} 个变量</translation>
    </message>
</context>
<context>
    <name>VerdictControls</name>
    <message>
        <source>Type a verdict</source>
        <translation>输入判定</translation>
    </message>
    <message>
        <source>or type one, Enter</source>
        <translation>或输入后按回车</translation>
    </message>
    <message>
        <source>F · Flag</source>
        <translation>F · 标记</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Flag the row for a second look (F)</source>
        <translation>标记此行，稍后再看（F）</translation>
    </message>
    <message>
        <source>⌫ Clear</source>
        <translation>⌫ 清除</translation>
    </message>
    <message>
        <source>Clear the verdict</source>
        <translation>清除判定</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Undo the last review change (Ctrl+Z)</source>
        <translation>撤销上一次复核修改（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Redo the review change undone (Ctrl+Shift+Z)</source>
        <translation>重做被撤销的复核修改（Ctrl+Shift+Z）</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>A note on this row (E to write, Esc to leave)</source>
        <translation>此行的备注（按 E 书写，按 Esc 离开）</translation>
    </message>
    <message>
        <source>Your verdict</source>
        <translation>你的判定</translation>
    </message>
    <message>
        <source>&amp;Note</source>
        <translation>备注(&amp;N)</translation>
    </message>
    <message>
        <source>Verdict {0} (key {1})</source>
        <translation>判定 {0}（按键 {1}）</translation>
    </message>
    <message>
        <source>Your verdict: {0} (key {1})</source>
        <translation>你的判定：{0}（按键 {1}）</translation>
    </message>
    <message>
        <source>1 correct, 0 incorrect</source>
        <translation>1 正确，0 错误</translation>
    </message>
    <message>
        <source>1–9, and 0 for 10: your score</source>
        <translation>1–9，0 表示 10：你的分数</translation>
    </message>
    <message>
        <source>{0}–{1}: your verdict</source>
        <translation>{0}–{1}：你的判定</translation>
    </message>
    <message>
        <source>type your verdict</source>
        <translation>输入你的判定</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ctrl+Z&lt;/b&gt; undo, &lt;b&gt;Ctrl+Shift+Z&lt;/b&gt; redo</source>
        <translation>&lt;b&gt;Ctrl+Z&lt;/b&gt; 撤销，&lt;b&gt;Ctrl+Shift+Z&lt;/b&gt; 重做</translation>
    </message>
    <message>
        <source>Undo: {0} (Ctrl+Z)</source>
        <translation>撤销：{0}（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Redo: {0} (Ctrl+Shift+Z)</source>
        <translation>重做：{0}（Ctrl+Shift+Z）</translation>
    </message>
</context>
<context>
    <name>VerdictRuleDialog</name>
    <message>
        <source>How the verdict of “{0}” is read</source>
        <translation>如何读取“{0}”的判定</translation>
    </message>
    <message>
        <source>Tell JudgeDesk where this judge writes its verdict. Start from a common format, or pick one of its replies, select the verdict in it and press “Use the selection as the verdict”.</source>
        <translation>告诉 JudgeDesk 这个评审把判定写在哪里。可以从常见格式开始，也可以选一条它的回复，在其中选中判定，再按“把选中的文字作为判定”。</translation>
    </message>
    <message>
        <source>Start from a common format</source>
        <translation>从常见格式开始</translation>
    </message>
    <message>
        <source>Start from a common format…</source>
        <translation>从常见格式开始……</translation>
    </message>
    <message>
        <source>What the verdict is</source>
        <translation>判定是什么</translation>
    </message>
    <message>
        <source>Words in the reply</source>
        <translation>回复中的文字</translation>
    </message>
    <message>
        <source>A field of a JSON answer</source>
        <translation>JSON 回答中的字段</translation>
    </message>
    <message>
        <source>JSON field</source>
        <translation>JSON 字段</translation>
    </message>
    <message>
        <source>score, or scores.overall for a field inside another</source>
        <translation>例如 score；字段在另一个字段里面时写 scores.overall</translation>
    </message>
    <message>
        <source>Show the regular expression</source>
        <translation>显示正则表达式</translation>
    </message>
    <message>
        <source>Common formats and the verdict you select in an example write it for you; show it to see or change it.</source>
        <translation>选择常见格式或在示例中选中判定时会自动写好它；显示出来即可查看或修改。</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>group 1 (or the group named v) is the verdict</source>
        <translation>第 1 组（或名为 v 的组）就是判定</translation>
    </message>
    <message>
        <source>When the reply gives several verdicts</source>
        <translation>回复给出多个判定时</translation>
    </message>
    <message>
        <source>Lowest score</source>
        <translation>最低分</translation>
    </message>
    <message>
        <source>Highest score</source>
        <translation>最高分</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>The verdict is</source>
        <translation>判定是</translation>
    </message>
    <message>
        <source>It is found in</source>
        <translation>判定位于</translation>
    </message>
    <message>
        <source>If it gives several</source>
        <translation>出现多个时</translation>
    </message>
    <message>
        <source>Scores from</source>
        <translation>分数范围</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>The rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Write the name of the JSON field that holds the verdict, such as score or choice.</source>
        <translation>请写出存放判定的 JSON 字段名，例如 score 或 choice。</translation>
    </message>
    <message>
        <source>Say where the verdict is: start from a common format, or select the verdict in an example reply and press “Use the selection as the verdict”.</source>
        <translation>请说明判定在哪里：从常见格式开始，或在示例回复中选中判定并按“把选中的文字作为判定”。</translation>
    </message>
    <message>
        <source>The regular expression is not valid: {0}.</source>
        <translation>正则表达式无效：{0}。</translation>
    </message>
    <message>
        <source>The lowest score must be a number, or empty for no limit.</source>
        <translation>最低分必须是数字；留空表示不限。</translation>
    </message>
    <message>
        <source>The highest score must be a number, or empty for no limit.</source>
        <translation>最高分必须是数字；留空表示不限。</translation>
    </message>
    <message>
        <source>The lowest score is above the highest.</source>
        <translation>最低分高于最高分。</translation>
    </message>
    <message>
        <source>The label “{0}” is listed twice.</source>
        <translation>标签“{0}”列出了两次。</translation>
    </message>
    <message>
        <source>What “{0}” means must be a number, such as 4.</source>
        <translation>“{0}”的含义必须是数字，例如 4。</translation>
    </message>
    <message>
        <source>The rule is complete. Try it on stored replies to see what it reads.</source>
        <translation>规则已完整。可在已保存的回复上试用，看看它读出什么。</translation>
    </message>
</context>
<context>
    <name>core</name>
    <message>
        <source>Exact match</source>
        <translation>完全匹配</translation>
    </message>
    <message>
        <source>True when the response is the reference answer, ignoring case, spacing, quotes and final punctuation. Suits short answers: numbers, names, labels.</source>
        <translation>回答与参考答案相同即为真，忽略大小写、空白、引号和末尾标点。适合简短的答案：数字、名称、标签。</translation>
    </message>
    <message>
        <source>Contains the reference</source>
        <translation>包含参考答案</translation>
    </message>
    <message>
        <source>True when the reference answer appears in the response as whole words (&quot;4&quot; is not found in &quot;14&quot;); Chinese and Japanese are matched as they are.</source>
        <translation>参考答案作为完整的词出现在回答中即为真（在“14”中找不到“4”）；中文和日文按原文匹配。</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>True when a regular expression finds a match in the response. The reference is not used.</source>
        <translation>正则表达式在回答中找到匹配即为真。不使用参考答案。</translation>
    </message>
    <message>
        <source>chrF similarity</source>
        <translation>chrF 相似度</translation>
    </message>
    <message>
        <source>How much the response&apos;s character sequences overlap the reference&apos;s, from 0 to 100 (sacreBLEU&apos;s chrF). Works for any language, Chinese included.</source>
        <translation>回答与参考答案在字符序列上的重合程度，取值 0 到 100（sacreBLEU 的 chrF）。适用于任何语言，包括中文。</translation>
    </message>
    <message>
        <source>BLEU similarity</source>
        <translation>BLEU 相似度</translation>
    </message>
    <message>
        <source>How many of the response&apos;s word sequences appear in the reference, from 0 to 100 (sacreBLEU&apos;s sentence BLEU). Use tokenize = &quot;zh&quot; for Chinese.</source>
        <translation>回答中的词序列有多少出现在参考答案中，取值 0 到 100（sacreBLEU 的句子级 BLEU）。中文请设置 `tokenize = &quot;zh&quot;`。</translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation>Ollama</translation>
    </message>
    <message>
        <source>Install Ollama, run `ollama serve`, and fetch a model with `ollama pull &lt;model&gt;`. No API key is needed.</source>
        <translation>安装 Ollama，运行 `ollama serve`，再用 `ollama pull &lt;模型名&gt;` 下载模型。不需要 API 密钥。</translation>
    </message>
    <message>
        <source>LM Studio</source>
        <translation>LM Studio</translation>
    </message>
    <message>
        <source>In LM Studio, load a model and start the local server (Developer tab). No API key is needed.</source>
        <translation>在 LM Studio 中加载模型，并启动本地服务器（在“开发者”选项卡中）。不需要 API 密钥。</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>Start the server with `vllm serve &lt;model&gt;`. A key is only needed if the server was started with --api-key.</source>
        <translation>用 `vllm serve &lt;模型名&gt;` 启动服务器。只有服务器启动时带了 `--api-key` 参数，才需要密钥。</translation>
    </message>
    <message>
        <source>llama.cpp server</source>
        <translation>llama.cpp 服务器</translation>
    </message>
    <message>
        <source>Start the server with `llama-server -m &lt;model.gguf&gt;`. A key is only needed if the server was started with --api-key.</source>
        <translation>用 `llama-server -m &lt;模型文件.gguf&gt;` 启动服务器。只有服务器启动时带了 `--api-key` 参数，才需要密钥。</translation>
    </message>
    <message>
        <source>Cloud API (OpenAI-compatible)</source>
        <translation>云端 API（兼容 OpenAI）</translation>
    </message>
    <message>
        <source>Use the provider&apos;s base URL (it usually ends with /v1) and keep the API key in the system keyring or an environment variable.</source>
        <translation>填写服务商提供的基础 URL（通常以 /v1 结尾），并把 API 密钥保存在系统密钥环或环境变量中。</translation>
    </message>
    <message>
        <source>UTF-8</source>
        <translation>UTF-8</translation>
    </message>
    <message>
        <source>UTF-8 (with a byte-order mark)</source>
        <translation>UTF-8（带 BOM）</translation>
    </message>
    <message>
        <source>UTF-16 LE</source>
        <translation>UTF-16 LE</translation>
    </message>
    <message>
        <source>UTF-16 BE</source>
        <translation>UTF-16 BE</translation>
    </message>
    <message>
        <source>UTF-32 LE</source>
        <translation>UTF-32 LE</translation>
    </message>
    <message>
        <source>UTF-32 BE</source>
        <translation>UTF-32 BE</translation>
    </message>
    <message>
        <source>GBK/GB18030 (Chinese)</source>
        <translation>GBK/GB18030（中文）</translation>
    </message>
    <message>
        <source>This template took longer than {0} seconds to render. JudgeDesk stopped it so that the prompt stays usable; make it do less work, or give it more time with render_seconds under [run] in judgedesk.toml.</source>
        <translation>这个模板渲染用时超过 {0} 秒。JudgeDesk 已将其停止，以便提示词保持可用；请让它少做些工作，或在 judgedesk.toml 的 [run] 下用 render_seconds 给它更多时间。</translation>
    </message>
    <message>
        <source>This template&apos;s loops go round more than {0} times in all. JudgeDesk stopped it so that the prompt stays usable; loop over fewer items or nest fewer loops.</source>
        <translation>这个模板的循环总共执行了超过 {0} 次。JudgeDesk 已将其停止，以便提示词保持可用；请遍历更少的项，或减少循环嵌套。</translation>
    </message>
    <message>
        <source>This template calls macros or functions more than {0} times in all. JudgeDesk stopped it so that the prompt stays usable; make it call them fewer times.</source>
        <translation>这个模板调用宏或函数总共超过 {0} 次。JudgeDesk 已将其停止，以便提示词保持可用；请减少调用次数。</translation>
    </message>
    <message>
        <source>A macro or loop in this template calls itself more than {0} levels deep. JudgeDesk stopped it so that the prompt stays usable; make sure it stops calling itself.</source>
        <translation>这个模板中的宏或循环调用自身超过 {0} 层。JudgeDesk 已将其停止，以便提示词保持可用；请确保它会停止调用自身。</translation>
    </message>
    <message>
        <source>This template writes more than {0} characters. JudgeDesk stopped it so that the prompt stays usable; print less, or loop over fewer items.</source>
        <translation>这个模板输出了超过 {0} 个字符。JudgeDesk 已将其停止，以便提示词保持可用；请少输出一些，或遍历更少的项。</translation>
    </message>
    <message>
        <source>This template makes a text longer than {0} characters ({1}). JudgeDesk stopped it so that the prompt stays usable; use a smaller number.</source>
        <translation>这个模板生成了超过 {0} 个字符的文本（{1}）。JudgeDesk 已将其停止，以便提示词保持可用；请使用更小的数字。</translation>
    </message>
    <message>
        <source>This template makes a list of more than {0} items ({1}). JudgeDesk stopped it so that the prompt stays usable; use a smaller number.</source>
        <translation>这个模板生成了超过 {0} 项的列表（{1}）。JudgeDesk 已将其停止，以便提示词保持可用；请使用更小的数字。</translation>
    </message>
    <message>
        <source>This template computes a number with more than {0} digits ({1}). JudgeDesk stopped it so that the prompt stays usable; use smaller numbers.</source>
        <translation>这个模板计算出的数字超过 {0} 位（{1}）。JudgeDesk 已将其停止，以便提示词保持可用；请使用更小的数字。</translation>
    </message>
    <message>
        <source>This template asks for range({0}), more than {1} numbers. JudgeDesk stopped it so that the prompt stays usable; loop over fewer numbers.</source>
        <translation>这个模板请求了 range({0})，超过 {1} 个数字。JudgeDesk 已将其停止，以便提示词保持可用；请遍历更少的数字。</translation>
    </message>
    <message>
        <source>the response matches the reference {0}</source>
        <translation>回答与参考答案 {0} 一致</translation>
    </message>
    <message>
        <source>the response contains the reference {0}</source>
        <translation>回答中包含参考答案 {0}</translation>
    </message>
    <message>
        <source>the response does not contain the reference {0}</source>
        <translation>回答中不包含参考答案 {0}</translation>
    </message>
    <message>
        <source>the response contains none of the {0} references</source>
        <translation>回答中不包含 {0} 个参考答案中的任何一个</translation>
    </message>
    <message>
        <source>the response {0} does not match the reference {1}</source>
        <translation>回答 {0} 与参考答案 {1} 不一致</translation>
    </message>
    <message>
        <source>the response {0} matches none of the {1} references</source>
        <translation>回答 {0} 与 {1} 个参考答案都不一致</translation>
    </message>
    <message>
        <source>No verdict was found in the reply.</source>
        <translation>回复中没有找到判定。</translation>
    </message>
    <message>
        <source>No JSON object was found in the reply.</source>
        <translation>回复中没有找到 JSON 对象。</translation>
    </message>
    <message>
        <source>Expected a score such as &quot;Score: [[7]]&quot;.</source>
        <translation>应为类似“Score: [[7]]”的分数。</translation>
    </message>
    <message>
        <source>Expected a verdict in double brackets, such as &quot;[[A&gt;B]]&quot; or &quot;[[B&gt;&gt;A]]&quot;.</source>
        <translation>应为双方括号中的判定，如“[[A&gt;B]]”或“[[B&gt;&gt;A]]”。</translation>
    </message>
    <message>
        <source>Expected one of A++, A+, A=B, B+, B++, for example &quot;choice&quot;: &quot;B+&quot; in a JSON object.</source>
        <translation>应为 A++、A+、A=B、B+、B++ 之一，例如 JSON 对象中的 &quot;choice&quot;: &quot;B+&quot;。</translation>
    </message>
    <message>
        <source>Expected &quot;A&quot; (the response is correct) or &quot;B&quot; (it is incorrect).</source>
        <translation>应为“A”（回答正确）或“B”（回答错误）。</translation>
    </message>
    <message>
        <source>Expected a JSON object with a score, such as {&quot;score&quot;: 8}.</source>
        <translation>应为带分数的 JSON 对象，如 {&quot;score&quot;: 8}。</translation>
    </message>
    <message>
        <source>Expected &quot;[[A]]&quot; (assistant A is better), &quot;[[B]]&quot; (assistant B is better) or &quot;[[C]]&quot; (a tie).</source>
        <translation>应为“[[A]]”（助手 A 更好）、“[[B]]”（助手 B 更好）或“[[C]]”（平局）。</translation>
    </message>
    <message>
        <source>Expected &quot;Output (a)&quot; or &quot;Output (b)&quot; on a line of its own.</source>
        <translation>应为单独一行的“Output (a)”或“Output (b)”。</translation>
    </message>
    <message>
        <source>Expected two scores on the first line, one for each answer, such as &quot;8 6&quot;.</source>
        <translation>第一行应有两个分数，每个回答一个，例如“8 6”。</translation>
    </message>
    <message>
        <source>Expected &quot;[RESULT]&quot; followed by a whole number from 1 to 5, such as &quot;[RESULT] 4&quot;.</source>
        <translation>应为“[RESULT]”后跟 1 到 5 的整数，例如“[RESULT] 4”。</translation>
    </message>
    <message>
        <source>Expected &quot;[RESULT] A&quot; or &quot;[RESULT] B&quot;.</source>
        <translation>应为“[RESULT] A”或“[RESULT] B”。</translation>
    </message>
    <message>
        <source>The judge&apos;s reply is empty, so there is no verdict to read.</source>
        <translation>评审的回复为空，没有可读取的判定。</translation>
    </message>
    <message>
        <source>The reply has only reasoning, no answer: the judge stopped before giving its verdict, so nothing was read.</source>
        <translation>回复中只有推理过程，没有回答：评审在给出判定之前就停止了，因此没有读到任何内容。</translation>
    </message>
    <message>
        <source>the response is empty, so it does not match {0}</source>
        <translation>回答为空，因此与 {0} 不一致</translation>
    </message>
    <message>
        <source>the response is empty, so it does not contain {0}</source>
        <translation>回答为空，因此不包含 {0}</translation>
    </message>
    <message>
        <source>the whole response matches the pattern {0}</source>
        <translation>整个回答匹配模式 {0}</translation>
    </message>
    <message>
        <source>the response as a whole does not match the pattern {0}</source>
        <translation>整个回答不匹配模式 {0}</translation>
    </message>
    <message>
        <source>the pattern {0} finds nothing in the response</source>
        <translation>模式 {0} 在回答中没有找到任何内容</translation>
    </message>
    <message>
        <source>the pattern {0} finds {1} in the response</source>
        <translation>模式 {0} 在回答中找到 {1}</translation>
    </message>
    <message>
        <source>Judging with a model file needs llama-cpp-python, which is not installed. Install JudgeDesk&apos;s local extra: pip install &apos;judgedesk[local]&apos; (from a source folder: pip install -e &apos;.[local]&apos;); it builds llama.cpp, which takes several minutes.</source>
        <translation>用模型文件评审需要 `llama-cpp-python`，但它尚未安装。请安装 JudgeDesk 的 `local` 扩展：`pip install &apos;judgedesk[local]&apos;`（在源码文件夹中：`pip install -e &apos;.[local]&apos;`）；它会编译 llama.cpp，需要几分钟。</translation>
    </message>
    <message>
        <source>response_format json_schema (OpenAI, vLLM)</source>
        <translation>response_format json_schema（OpenAI、vLLM）</translation>
    </message>
    <message>
        <source>response_format json_object + schema (llama.cpp, llama-cpp-python)</source>
        <translation>response_format json_object + schema（llama.cpp、llama-cpp-python）</translation>
    </message>
    <message>
        <source>format (Ollama)</source>
        <translation>format（Ollama）</translation>
    </message>
    <message>
        <source>{who}: {url} answers ({ms} ms) and offers &apos;{model}&apos;.</source>
        <translation>{who}：{url} 有应答（{ms} 毫秒），并提供模型“{model}”。</translation>
    </message>
    <message>
        <source>The baseline model</source>
        <translation>基线模型</translation>
    </message>
    <message>
        <source>The candidate model</source>
        <translation>候选模型</translation>
    </message>
    <message>
        <source>Judge &apos;{name}&apos;</source>
        <translation>评审“{name}”</translation>
    </message>
    <message>
        <source>{who}: {url} answers ({ms} ms) but lists no model, so whether it offers &apos;{model}&apos; is not known.</source>
        <translation>{who}：{url} 有应答（{ms} 毫秒），但没有列出任何模型，因此不知道它是否提供“{model}”。</translation>
    </message>
    <message>
        <source>{who}: {file} can be loaded here.</source>
        <translation>{who}：{file} 可以在本机加载。</translation>
    </message>
    <message>
        <source>{models} and {count} more</source>
        <translation>{models} 等另外 {count} 个</translation>
    </message>
    <message>
        <source>{answers} But &apos;{model}&apos; gives no token probabilities here: its verdicts will be the ones it wrote, marked &quot;no probabilities from this server&quot;. Use a server that returns logprobs (vLLM, SGLang, llama.cpp, OpenAI), or turn probabilities off for this judge.</source>
        <translation>{answers} 但“{model}”在此不返回词元概率：其判决将采用它写出的结果，并标记为“此服务器未提供概率”。请使用返回 logprobs 的服务器（vLLM、SGLang、llama.cpp、OpenAI），或为此评审关闭概率。</translation>
    </message>
    <message>
        <source>{who}: {url} does not offer the model &apos;{model}&apos;. It offers {offered}. Correct the model name, or load the model on the server.</source>
        <translation>{who}：{url} 不提供模型“{model}”。它提供 {offered}。请改正模型名称，或在服务器上加载该模型。</translation>
    </message>
    <message>
        <source>{answers} It gives its tokens&apos; probabilities ({count} alternatives at a token), so the verdicts&apos; probabilities can be read.</source>
        <translation>{answers} 它返回词元概率（每个词元 {count} 个候选），因此可以读取判决的概率。</translation>
    </message>
    <message>
        <source>{answers} Whether &apos;{model}&apos; gives its tokens&apos; probabilities is not known: asking it failed ({problem}).</source>
        <translation>{answers} 无法确定“{model}”是否返回词元概率：询问失败（{problem}）。</translation>
    </message>
    <message>
        <source>{severity}: {message}</source>
        <translation>{severity}：{message}</translation>
    </message>
    <message>
        <source>{project}: ready to run.</source>
        <translation>{project}：可以运行。</translation>
    </message>
    <message>
        <source>{who}: {problem}</source>
        <translation>{who}：{problem}</translation>
    </message>
    <message>
        <source>{total} lines in the dataset, {count} could not be read: lines {numbers} — see `judgedesk check`</source>
        <translation>数据集共 {total} 行，其中 {count} 行无法读取：第 {numbers} 行 —— 请查看 `judgedesk check`</translation>
    </message>
    <message>
        <source>{problem} {advice}</source>
        <translation>{problem}{advice}</translation>
    </message>
    <message>
        <source>{url} refused the request ({code})</source>
        <translation>{url} 拒绝了请求（{code}）</translation>
    </message>
    <message>
        <source>The API key is wrong or has no access: check the judge&apos;s API key.</source>
        <translation>API 密钥有误或没有访问权限：请检查该评审的 API 密钥。</translation>
    </message>
    <message>
        <source>No API key was sent, and this server needs one: set the judge&apos;s API key.</source>
        <translation>没有发送 API 密钥，而该服务器需要密钥：请设置该评审的 API 密钥。</translation>
    </message>
    <message>
        <source>{url} refused the request</source>
        <translation>{url} 拒绝了请求</translation>
    </message>
    <message>
        <source>{url} answered, but not in the OpenAI chat format</source>
        <translation>{url} 有应答，但不是 OpenAI 聊天格式</translation>
    </message>
    <message>
        <source>Check that the address points to an OpenAI-compatible endpoint (it usually ends with /v1), then retry the failed rows.</source>
        <translation>请确认地址指向 OpenAI 兼容的接口（通常以 /v1 结尾），然后重试失败的行。</translation>
    </message>
    <message>
        <source>The secure (https) connection to {url} failed because its certificate was not accepted. Check the computer&apos;s date and time; for a server with a self-signed certificate, install that certificate or use http:// on a local network.</source>
        <translation>与 {url} 的安全（https）连接失败，因为其证书未被接受。请检查电脑的日期和时间；对于使用自签名证书的服务器，请安装该证书，或在局域网中改用 http://。</translation>
    </message>
    <message>
        <source>The streamed reply from {url} stopped before it was complete</source>
        <translation>来自 {url} 的流式回复在完成之前中断了</translation>
    </message>
    <message>
        <source>The server may have crashed or hit a limit: retry the failed rows, or turn streaming off for this judge.</source>
        <translation>服务器可能已崩溃或达到了某个限制：请重试失败的行，或为该评审关闭流式传输。</translation>
    </message>
    <message>
        <source>{sentence}: {detail}.</source>
        <translation>{sentence}：{detail}。</translation>
    </message>
    <message>
        <source>The computer named in {url} could not be found. Check the spelling of the address and the network connection.</source>
        <translation>找不到 {url} 中的主机。请检查地址的拼写和网络连接。</translation>
    </message>
    <message>
        <source>The call to {url} failed</source>
        <translation>对 {url} 的调用失败</translation>
    </message>
    <message>
        <source>{url} did not answer in time. A local model may still be loading or be too slow for this request: wait and try again, or raise the judge&apos;s timeout.</source>
        <translation>{url} 没有及时应答。本地模型可能仍在加载，或对这个请求来说太慢：请稍候重试，或调高该评审的超时时间。</translation>
    </message>
    <message>
        <source>{url}/models was not found ({code}). Check the address: this server may not offer the OpenAI-compatible API at this path.</source>
        <translation>找不到 {url}/models（{code}）。请检查地址：该服务器可能没有在这个路径上提供 OpenAI 兼容的 API。</translation>
    </message>
    <message>
        <source>{url}/models was not found ({code}). The URL is probably missing /v1: try {fixed}.</source>
        <translation>找不到 {url}/models（{code}）。URL 可能缺少 /v1：请试试 {fixed}。</translation>
    </message>
    <message>
        <source>{url} answered not found ({code})</source>
        <translation>{url} 回答“未找到”（{code}）</translation>
    </message>
    <message>
        <source>Check the judge&apos;s model name.</source>
        <translation>请检查该评审的模型名称。</translation>
    </message>
    <message>
        <source>{url} answered not found</source>
        <translation>{url} 回答“未找到”</translation>
    </message>
    <message>
        <source>Check the judge&apos;s model name and that the URL ends with /v1.</source>
        <translation>请检查该评审的模型名称，并确认 URL 以 /v1 结尾。</translation>
    </message>
    <message>
        <source>This does not look like an OpenAI-compatible server: {url}/models answered without a list of models. Check the address (it usually ends with /v1).</source>
        <translation>这看起来不是 OpenAI 兼容的服务器：{url}/models 的应答中没有模型列表。请检查地址（通常以 /v1 结尾）。</translation>
    </message>
    <message>
        <source>{url} is limiting how fast requests may be sent ({code})</source>
        <translation>{url} 正在限制请求的发送速度（{code}）</translation>
    </message>
    <message>
        <source>Lower the judge&apos;s concurrency or set a rate limit (requests per minute), then retry the failed rows.</source>
        <translation>请降低该评审的并发数或设置速率限制（每分钟请求数），然后重试失败的行。</translation>
    </message>
    <message>
        <source>{url} is limiting how fast requests may be sent</source>
        <translation>{url} 正在限制请求的发送速度</translation>
    </message>
    <message>
        <source>{url} redirected the request to {target}. Use that address as the judge&apos;s base URL.</source>
        <translation>{url} 把请求重定向到了 {target}。请把该地址用作评审的基础 URL。</translation>
    </message>
    <message>
        <source>Nothing answered at {url}. Is the server running?{hint} Check the address and the port number.</source>
        <translation>{url} 没有任何应答。服务器在运行吗？{hint}请检查地址和端口号。</translation>
    </message>
    <message>
        <source>{url} rejected the request ({code})</source>
        <translation>{url} 拒绝了该请求（{code}）</translation>
    </message>
    <message>
        <source>Check the judge&apos;s model name and its generation parameters.</source>
        <translation>请检查该评审的模型名称及其生成参数。</translation>
    </message>
    <message>
        <source>{url} rejected the request</source>
        <translation>{url} 拒绝了该请求</translation>
    </message>
    <message>
        <source>The connection to {url} was closed before the reply was complete. The server may have crashed or restarted; check that it is still running and look at its log.</source>
        <translation>与 {url} 的连接在回复完成之前就关闭了。服务器可能已崩溃或重启；请确认它仍在运行，并查看它的日志。</translation>
    </message>
    <message>
        <source>{sentence}.</source>
        <translation>{sentence}。</translation>
    </message>
    <message>
        <source>The server at {url} failed ({code})</source>
        <translation>{url} 上的服务器出错（{code}）</translation>
    </message>
    <message>
        <source>It may be overloaded or out of memory: check its log, then retry the failed rows.</source>
        <translation>它可能负载过高或内存不足：请查看它的日志，然后重试失败的行。</translation>
    </message>
    <message>
        <source>The server at {url} failed</source>
        <translation>{url} 上的服务器出错</translation>
    </message>
    <message>
        <source> ({hint})</source>
        <translation>（{hint}）</translation>
    </message>
    <message>
        <source>{url} did not answer within {seconds} seconds. A local model may still be loading or be too slow for this request: wait and try again, or raise the judge&apos;s timeout.</source>
        <translation>{url} 在 {seconds} 秒内没有应答。本地模型可能仍在加载，或对这个请求来说太慢：请稍候重试，或调高该评审的超时时间。</translation>
    </message>
    <message>
        <source>A secure (https) connection to {url} could not be set up. If this is a local server, it probably speaks plain http: change https:// to http://.</source>
        <translation>无法与 {url} 建立安全（https）连接。如果这是本地服务器，它很可能只支持普通 http：请把 https:// 改为 http://。</translation>
    </message>
    <message>
        <source>{problem} (Tried {attempts} times.)</source>
        <translation>{problem}（已尝试 {attempts} 次。）</translation>
    </message>
    <message>
        <source>The template&apos;s verdict format was not recognised, so its verdicts could not be read: add --parser NAME (one of: {parsers}) or a verdict rule (--verdict-pattern or --verdict-path).</source>
        <translation>无法识别模板的判定格式，因此无法读取判定结果：请添加 --parser NAME（可选：{parsers}）或一条判定规则（--verdict-pattern 或 --verdict-path）。</translation>
    </message>
    <message>
        <source>{baseline} is 1000</source>
        <translation>{baseline} 为 1000</translation>
    </message>
    <message>
        <source>the scores&apos; mean is 1000</source>
        <translation>分数均值为 1000</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>The baseline {baseline} was in no battle, so the scores&apos; mean is 1000.</source>
        <translation>基线 {baseline} 没有参与任何对决，因此以分数的平均值为 1000。</translation>
    </message>
    <message>
        <source>(1 battle)</source>
        <translation>（1 场对决）</translation>
    </message>
    <message>
        <source>({battles} battles)</source>
        <translation>（{battles} 场对决）</translation>
    </message>
    <message>
        <source>No score: it was in no battle.</source>
        <translation>没有分数：它没有参与任何对决。</translation>
    </message>
    <message>
        <source>No score: none of its battles was judged ({silent} left out for a missing answer, {unjudged} without a verdict). Give its answers, or run the project again.</source>
        <translation>没有分数：它的对决都没有被评审（{silent} 场因缺少回答而略去，{unjudged} 场没有判定）。请提供它的回答，或再次运行项目。</translation>
    </message>
    <message>
        <source>Bradley–Terry scores on the Elo scale ({anchor}; 400 points a factor of 10 in the odds) from {rows} rows judged on {pairing}, with 95 % intervals from a bootstrap of {rounds} rounds (seed {seed}).</source>
        <translation>Elo 尺度上的 Bradley–Terry 分数（{anchor}；相差 400 分即胜负比为 10 比 1），来自对{pairing}评审的 {rows} 行，95% 区间来自 {rounds} 轮自助抽样（种子 {seed}）。</translation>
    </message>
    <message>
        <source>{note} Left out: {no_answer} battles where a model gave no answer, {not_judged} without a verdict.</source>
        <translation>{note}已略去：{no_answer} 场对决中有模型没有作答，{not_judged} 场没有判定。</translation>
    </message>
    <message>
        <source>{note} {warning}</source>
        <translation>{note} {warning}</translation>
    </message>
    <message>
        <source>every pair</source>
        <translation>每一对模型</translation>
    </message>
    <message>
        <source>each model against the baseline</source>
        <translation>每个模型对基线模型</translation>
    </message>
    <message>
        <source>{first} {second}</source>
        <translation>{first}{second}</translation>
    </message>
    <message>
        <source>Some models won every battle against the rest (or lost every one), so no finite score fits them: their scores are held at most 4,000 apart. Add battles they can lose (or win).</source>
        <translation>有些模型赢下了（或输掉了）与其余模型的每一场对决，没有有限的分数能拟合它们：它们的分数最多相差 4,000。请加入它们可能输（或赢）的对决。</translation>
    </message>
    <message>
        <source>Some models never met the others, even through other models: scores compare only within each group that met. Add battles between the groups.</source>
        <translation>有些模型从未与其他模型交手，间接也没有：分数只能在交过手的组内比较。请加入组与组之间的对决。</translation>
    </message>
    <message>
        <source>, wins {share} against the baseline</source>
        <translation>，对基线胜率 {share}</translation>
    </message>
    <message>
        <source>The people&apos;s consensus on a row is the mean of the scores people gave.</source>
        <translation>某一行的人工共识是各人所给分数的平均值。</translation>
    </message>
    <message>
        <source>The people&apos;s consensus on a row is the verdict most people gave (rows where they are split evenly are left out).</source>
        <translation>某一行的人工共识是多数人给出的判定（意见各占一半的行不计入）。</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Person and judge agree</source>
        <translation>人与评审一致</translation>
    </message>
    <message>
        <source>Agreed</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致率</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s alpha ({level}) across {raters}</source>
        <translation>{raters} 之间的 Krippendorff α（{level}）</translation>
    </message>
    <message>
        <source>Rows to look at</source>
        <translation>值得查看的行</translation>
    </message>
    <message>
        <source>Disagreements between the person and the judge, flagged rows, errors and unreadable verdicts.</source>
        <translation>人与评审有分歧的行、已标记的行、出错的行以及无法读取判定的行。</translation>
    </message>
    <message>
        <source>Moved away from people</source>
        <translation>偏离人工判定</translation>
    </message>
    <message>
        <source>Battles</source>
        <translation>对决数</translation>
    </message>
    <message>
        <source>Agrees best</source>
        <translation>最一致</translation>
    </message>
    <message>
        <source>By {field}</source>
        <translation>按 {field}</translation>
    </message>
    <message>
        <source>Agreement with people by the judge&apos;s confidence</source>
        <translation>按评审置信度划分的与人工判定的一致率</translation>
    </message>
    <message>
        <source>Reviewed by hand</source>
        <translation>人工复核</translation>
    </message>
    <message>
        <source>Rows judged differently</source>
        <translation>判定不同的行</translation>
    </message>
    <message>
        <source>Cohen&apos;s kappa</source>
        <translation>科恩 κ 系数</translation>
    </message>
    <message>
        <source>Human label combining several reviewers&apos;</source>
        <translation>综合多位复核者的人工标签</translation>
    </message>
    <message>
        <source>Run {first} compared with run {second}</source>
        <translation>运行 {first} 与运行 {second} 的比较</translation>
    </message>
    <message>
        <source>Confidence and agreement with people</source>
        <translation>置信度与人工一致性</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Over the {rows} reviewed rows whose verdict was read with its probabilities: how often people gave the verdict, by how sure the judge was. A calibrated judge&apos;s bars reach the diagonal. Expected calibration error: {ece}.</source>
        <translation>基于 {rows} 行已复核且判定附带概率的行：按评审的把握程度，统计人工给出相同判定的频率。校准良好的评审，其柱形会触及对角线。期望校准误差：{ece}。</translation>
    </message>
    <message>
        <source>Confusion matrix, {title}</source>
        <translation>混淆矩阵，{title}</translation>
    </message>
    <message>
        <source>Corrected by the random sample</source>
        <translation>经随机样本校正</translation>
    </message>
    <message>
        <source>{figure}, corrected</source>
        <translation>{figure}，校正后</translation>
    </message>
    <message>
        <source>{figure}: the judge alone beside the figure corrected by the random sample</source>
        <translation>{figure}：仅评审的结果与经随机样本校正的结果对比</translation>
    </message>
    <message>
        <source>Human label decided where reviewers disagreed</source>
        <translation>复核者有分歧时裁定的人工标签</translation>
    </message>
    <message>
        <source>Dimensions</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Person and judge disagree</source>
        <translation>人与评审有分歧</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>分布</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Exact agreement</source>
        <translation>完全一致</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>{figure}, run {run}</source>
        <translation>{figure}，运行 {run}</translation>
    </message>
    <message>
        <source>First used (UTC)</source>
        <translation>首次使用（UTC）</translation>
    </message>
    <message>
        <source>Answer shown first won</source>
        <translation>先展示的回答获胜</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>Human label from the dataset only</source>
        <translation>仅来自数据集的人工标签</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>{title}: {figure}</source>
        <translation>{title}：{figure}</translation>
    </message>
    <message>
        <source>Agreement history</source>
        <translation>一致性历史</translation>
    </message>
    <message>
        <source>Each version of a judge (a short hash of its template, system prompt, verdict reading, model and parameters) against people&apos;s verdicts on the same rows, newest first. Rows that moved are counted against the version before.</source>
        <translation>评审的每个版本（由其模板、系统提示词、判定读取方式、模型和参数生成的短哈希）在相同行上与人工判定的对比，最新的在前。判定发生变化的行与上一个版本相比计数。</translation>
    </message>
    <message>
        <source>How often each verdict was given</source>
        <translation>每种判定出现的次数</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Rows in both runs</source>
        <translation>两次运行共有的行</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>{figure}, judge alone</source>
        <translation>{figure}，仅评审</translation>
    </message>
    <message>
        <source>Judges</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Kappa is agreement beyond what chance would give: 0 is chance, 1 is perfect. Each figure counts the rows both raters gave a verdict for.</source>
        <translation>Kappa 是超出随机水平的一致程度：0 为随机水平，1 为完全一致。每个指标只计入双方都给出判定的行。</translation>
    </message>
    <message>
        <source>Kappa, linear weights</source>
        <translation>Kappa（线性加权）</translation>
    </message>
    <message>
        <source>Kappa, quadratic weights</source>
        <translation>Kappa（二次加权）</translation>
    </message>
    <message>
        <source>en</source>
        <translation>zh-CN</translation>
    </message>
    <message>
        <source>latest result of each row</source>
        <translation>每行的最新结果</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>排行榜</translation>
    </message>
    <message>
        <source>Dataset lines left out</source>
        <translation>被略去的数据集行</translation>
    </message>
    <message>
        <source>Longer answer won</source>
        <translation>较长的回答获胜</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>负局</translation>
    </message>
    <message>
        <source>{what}; made {when} UTC with JudgeDesk.</source>
        <translation>{what}；由 JudgeDesk 于 {when} UTC 生成。</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>平均分</translation>
    </message>
    <message>
        <source>Mean absolute difference</source>
        <translation>平均绝对差</translation>
    </message>
    <message>
        <source>Mean confidence</source>
        <translation>平均置信度</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>… and {count} more rows.</source>
        <translation>……还有 {count} 行。</translation>
    </message>
    <message>
        <source>Note or error</source>
        <translation>备注或错误</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>… and 1 more row.</source>
        <translation>……还有 1 行。</translation>
    </message>
    <message>
        <source>People and the judge</source>
        <translation>人与评审</translation>
    </message>
    <message>
        <source>Person</source>
        <translation>人工</translation>
    </message>
    <message>
        <source>Person agrees with judge</source>
        <translation>人与评审一致</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>judge (win/tie/loss)</source>
        <translation>评审（胜/平/负）</translation>
    </message>
    <message>
        <source>person</source>
        <translation>人工</translation>
    </message>
    <message>
        <source>person (win/tie/loss)</source>
        <translation>人工（胜/平/负）</translation>
    </message>
    <message>
        <source>the judge alone; 95% interval by bootstrap over {n} rows</source>
        <translation>仅评审；95% 区间来自对 {n} 行的自助法</translation>
    </message>
    <message>
        <source>the judge alone; 95% interval by normal approximation over {n} rows</source>
        <translation>仅评审；95% 区间来自对 {n} 行的正态近似</translation>
    </message>
    <message>
        <source>Rests on</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>复核</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Rows compared</source>
        <translation>比较的行数</translation>
    </message>
    <message>
        <source>run {run}</source>
        <translation>运行 {run}</translation>
    </message>
    <message>
        <source>Run {run}</source>
        <translation>运行 {run}</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Spearman correlation</source>
        <translation>斯皮尔曼相关系数</translation>
    </message>
    <message>
        <source>Reviewed before the judge&apos;s verdict changed</source>
        <translation>在评审判定改变之前复核</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Ties</source>
        <translation>平局</translation>
    </message>
    <message>
        <source>{project} — report</source>
        <translation>{project} — 报告</translation>
    </message>
    <message>
        <source>True-negative rate</source>
        <translation>真阴性率</translation>
    </message>
    <message>
        <source>Moved toward people</source>
        <translation>趋向人工判定</translation>
    </message>
    <message>
        <source>True-positive rate</source>
        <translation>真阳性率</translation>
    </message>
    <message>
        <source>unparsed</source>
        <translation>未读出</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>{first} vs {second}</source>
        <translation>{first} 对比 {second}</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>比较对象</translation>
    </message>
    <message>
        <source>Win rate high</source>
        <translation>胜率上限</translation>
    </message>
    <message>
        <source>Win rate low</source>
        <translation>胜率下限</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>胜率</translation>
    </message>
    <message>
        <source>Win rate vs baseline</source>
        <translation>对基线的胜率</translation>
    </message>
    <message>
        <source>Rows with a result</source>
        <translation>有结果的行</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>{value} (95% CI {low}–{high}, n={n})</source>
        <translation>{value}（95% 置信区间 {low}–{high}，n={n}）</translation>
    </message>
    <message>
        <source>A better</source>
        <translation>A 更好</translation>
    </message>
    <message>
        <source>A much better</source>
        <translation>A 明显更好</translation>
    </message>
    <message>
        <source>A wins</source>
        <translation>A 胜</translation>
    </message>
    <message>
        <source>B better</source>
        <translation>B 更好</translation>
    </message>
    <message>
        <source>B much better</source>
        <translation>B 明显更好</translation>
    </message>
    <message>
        <source>B wins</source>
        <translation>B 胜</translation>
    </message>
    <message>
        <source>correct / incorrect</source>
        <translation>正确 / 错误</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>, {count} empty</source>
        <translation>，{count} 个为空</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>and {count} more</source>
        <translation>另有 {count} 个</translation>
    </message>
    <message>
        <source>pairwise verdicts</source>
        <translation>成对判定</translation>
    </message>
    <message>
        <source>Human labels from “{column}” (read as {how}): {read} read{empty}, {unreadable} could not be read</source>
        <translation>来自“{column}”的人工标签（读作{how}）：{read} 个已读出{empty}，{unreadable} 个无法读出</translation>
    </message>
    <message>
        <source>Read as: {shown}</source>
        <translation>读作：{shown}</translation>
    </message>
    <message>
        <source>{how}; its numbers are the scale (1 = A much better … 5 = B much better)</source>
        <translation>{how}；其中的数字即量表（1 = A 明显更好 … 5 = B 明显更好）</translation>
    </message>
    <message>
        <source>scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>tie</source>
        <translation>平局</translation>
    </message>
    <message>
        <source>{count} human labels could not be read: {why}</source>
        <translation>{count} 个人工标签无法读出：{why}</translation>
    </message>
    <message>
        <source>1 human label could not be read: {why}</source>
        <translation>1 个人工标签无法读出：{why}</translation>
    </message>
    <message>
        <source>{how}; its numbers 1 and 2 name the better answer (1 = A, 2 = B)</source>
        <translation>{how}；其中的数字 1 和 2 指较好的回答（1 = A，2 = B）</translation>
    </message>
    <message>
        <source>interval</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>nominal</source>
        <translation>名义</translation>
    </message>
    <message>
        <source>ordinal</source>
        <translation>有序</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>比率</translation>
    </message>
    <message>
        <source>judge – people&apos;s consensus</source>
        <translation>评审 – 人工共识</translation>
    </message>
    <message>
        <source>judge – {who}</source>
        <translation>评审 – {who}</translation>
    </message>
    <message>
        <source>{count} reviews</source>
        <translation>{count} 条复核</translation>
    </message>
    <message>
        <source>1 review</source>
        <translation>1 条复核</translation>
    </message>
    <message>
        <source>Agree</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>All {count} rows.</source>
        <translation>共 {count} 行。</translation>
    </message>
    <message>
        <source>The 1 row.</source>
        <translation>共 1 行。</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Disagree</source>
        <translation>有分歧</translation>
    </message>
    <message>
        <source>All rows</source>
        <translation>所有行</translation>
    </message>
    <message>
        <source>Every row</source>
        <translation>所有行</translation>
    </message>
    <message>
        <source>Search any text, filter, sort by a column&apos;s name, and open a row to read everything it holds: its inputs, the prompts, each judge&apos;s reply and reasoning, and the review.</source>
        <translation>可以搜索任意文本、筛选、点击列名排序，并展开一行查看其全部内容：输入、提示词、每个评审的回复和推理，以及复核。</translation>
    </message>
    <message>
        <source>({count} rows in all)</source>
        <translation>（共 {count} 行）</translation>
    </message>
    <message>
        <source>(1 row in all)</source>
        <translation>（共 1 行）</translation>
    </message>
    <message>
        <source>{count} rows</source>
        <translation>{count} 行</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一页</translation>
    </message>
    <message>
        <source>No human verdict</source>
        <translation>无人工判定</translation>
    </message>
    <message>
        <source>No row matches.</source>
        <translation>没有匹配的行。</translation>
    </message>
    <message>
        <source>Allow scripts for this page to see the rows; the same rows are in the CSV, XLSX and JSON Lines exports.</source>
        <translation>请允许此页面运行脚本以查看各行；CSV、XLSX 和 JSON Lines 导出中也包含同样的行。</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>尚未运行</translation>
    </message>
    <message>
        <source>1 row</source>
        <translation>1 行</translation>
    </message>
    <message>
        <source>Page {page} of {pages}</source>
        <translation>第 {page} 页，共 {pages} 页</translation>
    </message>
    <message>
        <source>Person and judge</source>
        <translation>人与评审</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一页</translation>
    </message>
    <message>
        <source>Search rows</source>
        <translation>搜索行</translation>
    </message>
    <message>
        <source>Rows {first}–{last} of {count}</source>
        <translation>第 {first}–{last} 行，共 {count} 行</translation>
    </message>
    <message>
        <source>Sort by {name}</source>
        <translation>按 {name} 排序</translation>
    </message>
    <message>
        <source>, stratified by {field}</source>
        <translation>，按 {field} 分层</translation>
    </message>
    <message>
        <source>By category (from the sample rows in each):</source>
        <translation>按类别（来自各类别中的样本行）：</translation>
    </message>
    <message>
        <source>{title}: judge {judge} · corrected {estimate} (95% CI {low}–{high}, {reviewed} reviewed, {others} not{stratified})</source>
        <translation>{title}：评审 {judge} · 校正后 {estimate}（95% 置信区间 {low}–{high}，{reviewed} 行已复核，{others} 行未复核{stratified}）</translation>
    </message>
    <message>
        <source>Random sample: {rows} (seed {seed}{by}), {reviewed} with people&apos;s verdicts</source>
        <translation>随机样本：{rows}（种子 {seed}{by}），其中 {reviewed} 行有人工判定</translation>
    </message>
    <message>
        <source>{count} rows were judged after the sample was drawn: they are not in it, and count here as rows nobody reviewed.</source>
        <translation>{count} 行是在抽取样本之后评审的：它们不在样本中，这里按无人复核的行计。</translation>
    </message>
    <message>
        <source>1 row was judged after the sample was drawn: it is not in it, and counts here as a row nobody reviewed.</source>
        <translation>1 行是在抽取样本之后评审的：它不在样本中，这里按无人复核的行计。</translation>
    </message>
    <message>
        <source>{title}: judge {judge}; review {needed} more sample rows to correct it</source>
        <translation>{title}：评审 {judge}；再复核 {needed} 行样本即可校正</translation>
    </message>
    <message>
        <source>{title}: judge {judge}; review 1 more sample row to correct it</source>
        <translation>{title}：评审 {judge}；再复核 1 行样本即可校正</translation>
    </message>
    <message>
        <source>{count} rows outside the sample have people&apos;s verdicts: they are not used here, since rows picked by hand are not like the rest.</source>
        <translation>样本之外有 {count} 行带有人工判定：这里不使用它们，因为人工挑选的行与其余的行不同。</translation>
    </message>
    <message>
        <source>1 row outside the sample has people&apos;s verdicts: it is not used here, since rows picked by hand are not like the rest.</source>
        <translation>样本之外有 1 行带有人工判定：这里不使用它，因为人工挑选的行与其余的行不同。</translation>
    </message>
    <message>
        <source>the judge alone over {rows}</source>
        <translation>仅评审，共 {rows}</translation>
    </message>
    <message>
        <source>corrected with {reviewed} people&apos;s verdicts on the random sample, and the judge&apos;s on {others} other rows</source>
        <translation>用随机样本上 {reviewed} 个人工判定，以及评审在其余 {others} 行上的判定校正</translation>
    </message>
    <message>
        <source>corrected with {reviewed} people&apos;s verdicts on the random sample, stratified, and the judge&apos;s on {others} other rows</source>
        <translation>用随机样本上 {reviewed} 个人工判定（分层），以及评审在其余 {others} 行上的判定校正</translation>
    </message>
    <message>
        <source>, stratified</source>
        <translation>，分层</translation>
    </message>
    <message>
        <source>; ±{target} needs {more} more reviews</source>
        <translation>；要达到 ±{target} 还需 {more} 条复核</translation>
    </message>
    <message>
        <source>; ±{target} needs 1 more review</source>
        <translation>；要达到 ±{target} 还需 1 条复核</translation>
    </message>
    <message>
        <source>The judge&apos;s figure is its own view of every row; the corrected one shifts it by how far people and the judge differ on the sample, so where they differ, the judge alone is off by about that much.</source>
        <translation>评审的数字是它对每一行的看法；校正后的数字按人工与评审在样本上的差异加以调整，因此二者不同时，单靠评审大约就偏差这么多。</translation>
    </message>
    <message>
        <source>; within ±{target}</source>
        <translation>；已在 ±{target} 以内</translation>
    </message>
    <message>
        <source>{span}: {share} agreed, {rows} rows</source>
        <translation>{span}：{share} 一致，{rows} 行</translation>
    </message>
    <message>
        <source>{span}: {share} agreed, 1 row</source>
        <translation>{span}：{share} 一致，1 行</translation>
    </message>
    <message>
        <source>Accuracy: {value}</source>
        <translation>准确率：{value}</translation>
    </message>
    <message>
        <source>  after:  {headline}</source>
        <translation>  之后：{headline}</translation>
    </message>
    <message>
        <source>, 95% {low} to {high}</source>
        <translation>，95% 区间 {low} 至 {high}</translation>
    </message>
    <message>
        <source>  before: {headline}</source>
        <translation>  之前：{headline}</translation>
    </message>
    <message>
        <source>  row {row} ({row_id}): {before} → {after}</source>
        <translation>  第 {row} 行（{row_id}）：{before} → {after}</translation>
    </message>
    <message>
        <source>Run {first} → run {second}: {rows} in both, {changed} changed</source>
        <translation>运行 {first} → 运行 {second}：两次共有 {rows}，{changed} 行有变化</translation>
    </message>
    <message>
        <source>Confidence and agreement with people ({rows}, expected calibration error {ece})</source>
        <translation>置信度与人工一致率（{rows}，期望校准误差 {ece}）</translation>
    </message>
    <message>
        <source>{low}–{high}: {rows}, mean confidence {confidence}, people agreed {agreed}</source>
        <translation>{low}–{high}：{rows}，平均置信度 {confidence}，人工认同 {agreed}</translation>
    </message>
    <message>
        <source>confusion matrix (rows: {first}, columns: {second})</source>
        <translation>混淆矩阵（行：{first}，列：{second}）</translation>
    </message>
    <message>
        <source>{pair} (the people&apos;s consensus)</source>
        <translation>{pair}（人工共识）</translation>
    </message>
    <message>
        <source>exact agreement</source>
        <translation>完全一致</translation>
    </message>
    <message>
        <source>{disagreed} disagreements, {flagged} flagged, {stale} stale</source>
        <translation>{disagreed} 处分歧，{flagged} 行已标记，{stale} 条复核已过时</translation>
    </message>
    <message>
        <source>1 disagreement, {flagged} flagged, {stale} stale</source>
        <translation>1 处分歧，{flagged} 行已标记，{stale} 条复核已过时</translation>
    </message>
    <message>
        <source>; person agreement {figure}</source>
        <translation>；人工一致率 {figure}</translation>
    </message>
    <message>
        <source>accuracy {value}</source>
        <translation>准确率 {value}</translation>
    </message>
    <message>
        <source>mean {value}</source>
        <translation>平均分 {value}</translation>
    </message>
    <message>
        <source>win rate {value}</source>
        <translation>胜率 {value}</translation>
    </message>
    <message>
        <source>Agreement history (each version of a judge against people)</source>
        <translation>一致率历史（评审各版本与人工对比）</translation>
    </message>
    <message>
        <source>  The {judges} judges agree with each other at α = {alpha}{interval} ({level}, over {rows})</source>
        <translation>  {judges} 个评审彼此一致，α = {alpha}{interval}（{level}，共 {rows}）</translation>
    </message>
    <message>
        <source>kappa, linear weights</source>
        <translation>κ 系数，线性加权</translation>
    </message>
    <message>
        <source>kappa, quadratic weights</source>
        <translation>κ 系数，二次加权</translation>
    </message>
    <message>
        <source>Human labels used: {decided} decided where reviewers disagreed, {combined} combining several reviewers&apos; (majority, or mean of scores)</source>
        <translation>采用的人工标签：{decided} 个在复核者有分歧时裁定，{combined} 个综合了多位复核者的判定（取多数，或取分数的平均值）</translation>
    </message>
    <message>
        <source>Left out: {what}</source>
        <translation>已略去：{what}</translation>
    </message>
    <message>
        <source>Mean score: {value}</source>
        <translation>平均分：{value}</translation>
    </message>
    <message>
        <source>mean absolute difference</source>
        <translation>平均绝对差</translation>
    </message>
    <message>
        <source>  … and {more} more</source>
        <translation>  …… 另有 {more} 行</translation>
    </message>
    <message>
        <source>no verdicts</source>
        <translation>没有判定</translation>
    </message>
    <message>
        <source>reviewed row</source>
        <translation>个已复核行</translation>
    </message>
    <message>
        <source>reviewed rows</source>
        <translation>个已复核行</translation>
    </message>
    <message>
        <source>– (no rows)</source>
        <translation>–（没有行）</translation>
    </message>
    <message>
        <source>The judges&apos; servers were not asked whether they answer: this project waits for the approvals above. Nothing was sent.</source>
        <translation>没有询问评审的服务器是否应答：此项目在等待上面的批准。没有发送任何内容。</translation>
    </message>
    <message>
        <source>{project}: not runnable ({count} problems).</source>
        <translation>{project}：无法运行（{count} 个问题）。</translation>
    </message>
    <message>
        <source>{project}: not runnable (1 problem).</source>
        <translation>{project}：无法运行（1 个问题）。</translation>
    </message>
    <message>
        <source>The judges were not asked (--offline).</source>
        <translation>没有询问评审（--offline）。</translation>
    </message>
    <message>
        <source>{project}: not ready to run: {count} approvals wait (see above); `judgedesk run` refuses until then.</source>
        <translation>{project}：尚不能运行：有 {count} 项批准待确认（见上文）；在此之前 `judgedesk run` 会拒绝运行。</translation>
    </message>
    <message>
        <source>{project}: not ready to run: 1 approval waits (see above); `judgedesk run` refuses until then.</source>
        <translation>{project}：尚不能运行：有 1 项批准待确认（见上文）；在此之前 `judgedesk run` 会拒绝运行。</translation>
    </message>
    <message>
        <source>{verdicts}, {unparsed} unparsed, {failed} failed (asked about {asked})</source>
        <translation>{verdicts}，{unparsed} 个未读出，{failed} 个失败（共询问 {asked}）</translation>
    </message>
    <message>
        <source>{first} vs {second} ({kind}, {n} rows)</source>
        <translation>{first} 对 {second}（{kind}，{n} 行）</translation>
    </message>
    <message>
        <source>      the combined verdict {rate}, without ties {without}</source>
        <translation>      合并后的判定 {rate}，不计平局 {without}</translation>
    </message>
    <message>
        <source>      the same direction in both orders {rate}</source>
        <translation>      两种顺序方向相同 {rate}</translation>
    </message>
    <message>
        <source>{first} – {second}: exact {exact}, κ {kappa}</source>
        <translation>{first} – {second}：完全一致 {exact}，κ {kappa}</translation>
    </message>
    <message>
        <source>  Graded score (strong verdicts weigh more): {value}</source>
        <translation>  分级得分（强判定权重更高）：{value}</translation>
    </message>
    <message>
        <source>  Judged differently in the two orders (counted as ties): rows {rows}</source>
        <translation>  两种顺序下判定不同（按平局计）：第 {rows} 行</translation>
    </message>
    <message>
        <source>  Judged differently in the two orders (counted as ties): rows {rows} and {more} more</source>
        <translation>  两种顺序下判定不同（按平局计）：第 {rows} 行，另有 {more} 行</translation>
    </message>
    <message>
        <source>  Judge {judge}: the same direction in both orders for {consistency}; the answer shown first won {first}; the longer answer won {longer}</source>
        <translation>  评审 {judge}：两种顺序方向相同 {consistency}；先展示的回答获胜 {first}；较长的回答获胜 {longer}</translation>
    </message>
    <message>
        <source>{first} vs {second} ({kind}, 1 row)</source>
        <translation>{first} 对 {second}（{kind}，1 行）</translation>
    </message>
    <message>
        <source>    Against the person&apos;s labels, {pairs} pairs, by the answer each verdict favours (a tie matches only a tie; &apos;without ties&apos; leaves out verdicts where either side calls one):</source>
        <translation>    与人工标签对比，共 {pairs} 对，按各判定偏向的回答计（平局只与平局相符；“不计平局”去掉任一方判为平局的判定）：</translation>
    </message>
    <message>
        <source>      each order&apos;s verdict counted alone {rate}, without ties {without}</source>
        <translation>      每种顺序的判定单独计 {rate}，不计平局 {without}</translation>
    </message>
    <message>
        <source>  Score (win 1, tie ½, loss 0): {value}</source>
        <translation>  得分（胜 1，平 ½，负 0）：{value}</translation>
    </message>
    <message>
        <source>  Win rate: {value}</source>
        <translation>  胜率：{value}</translation>
    </message>
    <message>
        <source>  {pairs} pairs: {wins} wins, {ties} ties, {losses} losses</source>
        <translation>  {pairs} 对：{wins} 胜，{ties} 平，{losses} 负</translation>
    </message>
    <message>
        <source>Pairwise (B, the evaluated answer, against A)</source>
        <translation>成对比较（被评估的回答 B 对 A）</translation>
    </message>
    <message>
        <source>People</source>
        <translation>人工</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α ({level}) across {raters}: {alpha}{spread}, n = {n}</source>
        <translation>{raters} 之间的 Krippendorff α（{level}）：{alpha}{spread}，n = {n}</translation>
    </message>
    <message>
        <source>{value} ({hits} of {n})</source>
        <translation>{value}（{n} 中 {hits}）</translation>
    </message>
    <message>
        <source>Review: {reviewed}, {labelled} with a human label from the dataset; {found}</source>
        <translation>复核：{reviewed}，{labelled} 行带有来自数据集的人工标签；{found}</translation>
    </message>
    <message>
        <source>{reviewed} of {total} rows reviewed by hand</source>
        <translation>{total} 行中 {reviewed} 行已人工复核</translation>
    </message>
    <message>
        <source>{reviewed} of 1 row reviewed by hand</source>
        <translation>1 行中 {reviewed} 行已人工复核</translation>
    </message>
    <message>
        <source>Rows: {rows} — {ok} ok, {errors} errors, {unparsed} unparsed</source>
        <translation>行数：{rows} — {ok} 成功，{errors} 错误，{unparsed} 未读出</translation>
    </message>
    <message>
        <source>asked {samples} times per row: agrees with itself at α = {alpha} ({level}, over {rows})</source>
        <translation>每行询问 {samples} 次：自身一致 α = {alpha}（{level}，共 {rows}）</translation>
    </message>
    <message>
        <source>{rows} left out: a label that only names the better answer (A or B) says nothing of how much better; they count in win/tie/loss</source>
        <translation>未计入 {rows}：只指出较好回答（A 或 B）的标签说明不了好多少；它们计入胜/平/负</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>{judge} {version} (runs {runs}): n={n}, exact {exact}, κ {kappa}</source>
        <translation>{judge} {version}（运行 {runs}）：n={n}，完全一致 {exact}，κ {kappa}</translation>
    </message>
    <message>
        <source>, finds correct {correct}, incorrect {incorrect}</source>
        <translation>，识别正确 {correct}，识别错误 {incorrect}</translation>
    </message>
    <message>
        <source>; {toward} moved toward people, {away} away</source>
        <translation>；{toward}向人工靠拢，{away} 行远离</translation>
    </message>
    <message>
        <source>Win rate: {value}; ties {ties}, losses {losses}</source>
        <translation>胜率：{value}；平局 {ties}，负局 {losses}</translation>
    </message>
    <message>
        <source>{count} verdicts</source>
        <translation>{count} 个判定</translation>
    </message>
    <message>
        <source>1 verdict</source>
        <translation>1 个判定</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s alpha</source>
        <translation>Krippendorff α</translation>
    </message>
    <message>
        <source>Judged differently</source>
        <translation>判定不同</translation>
    </message>
    <message>
        <source>95% CI high</source>
        <translation>95% CI 上限</translation>
    </message>
    <message>
        <source>95% CI low</source>
        <translation>95% CI 下限</translation>
    </message>
    <message>
        <source>Person (rows) vs judge (columns)</source>
        <translation>人工（行）对比评审（列）</translation>
    </message>
    <message>
        <source>{figure}, corrected by the random sample</source>
        <translation>{figure}，经随机样本校正</translation>
    </message>
    <message>
        <source>Dimension: {name}</source>
        <translation>维度：{name}</translation>
    </message>
    <message>
        <source>Disagreements</source>
        <translation>分歧</translation>
    </message>
    <message>
        <source>Exact</source>
        <translation>完全一致</translation>
    </message>
    <message>
        <source>High</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>Rows in both</source>
        <translation>两次运行共有的行</translation>
    </message>
    <message>
        <source>Kappa</source>
        <translation>Kappa</translation>
    </message>
    <message>
        <source>Kappa linear</source>
        <translation>Kappa（线性加权）</translation>
    </message>
    <message>
        <source>Kappa quadratic</source>
        <translation>Kappa（二次加权）</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>测量尺度</translation>
    </message>
    <message>
        <source>Loss rate</source>
        <translation>负局率</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>下限</translation>
    </message>
    <message>
        <source>Mean abs. difference</source>
        <translation>平均绝对差</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>review {count} more sample rows</source>
        <translation>还需复核 {count} 行样本</translation>
    </message>
    <message>
        <source>review 1 more sample row</source>
        <translation>还需复核 1 行样本</translation>
    </message>
    <message>
        <source>Run {first} vs run {second}</source>
        <translation>运行 {first} 对比运行 {second}</translation>
    </message>
    <message>
        <source>Spearman</source>
        <translation>斯皮尔曼相关</translation>
    </message>
    <message>
        <source>Stale reviews</source>
        <translation>过时的复核</translation>
    </message>
    <message>
        <source>Tie rate</source>
        <translation>平局率</translation>
    </message>
    <message>
        <source>true or false does not say which answer is better; use {forms}</source>
        <translation>真或假说明不了哪个回答更好；请使用 {forms}</translation>
    </message>
    <message>
        <source>this column also holds D or a later letter, so C is an answer choice</source>
        <translation>此列还含有 D 或更靠后的字母，因此 C 是一个选项</translation>
    </message>
    <message>
        <source>not correct or incorrect; use {forms}</source>
        <translation>不是正确或错误；请使用 {forms}</translation>
    </message>
    <message>
        <source>not a pairwise verdict; use {forms}</source>
        <translation>不是成对判定；请使用 {forms}</translation>
    </message>
    <message>
        <source>only 1 (correct) and 0 (incorrect) are numbers here; use {forms}</source>
        <translation>这里的数字只能是 1（正确）和 0（错误）；请使用 {forms}</translation>
    </message>
    <message>
        <source>{number} is not on the 1–5 scale (1 = A much better … 5 = B much better)</source>
        <translation>{number} 不在 1–5 量表上（1 = A 明显更好 … 5 = B 明显更好）</translation>
    </message>
    <message>
        <source>Too few rows judged and reviewed by several people to compare.</source>
        <translation>经评审判定且由多人复核的行太少，无法比较。</translation>
    </message>
    <message>
        <source>Only one person&apos;s verdicts: the agreement among people needs two or more.</source>
        <translation>只有一个人的判定：人与人之间的一致率需要两人或以上。</translation>
    </message>
    <message>
        <source>The judge agrees with people at κ {judge}; people agree with each other at κ {people} (α {alpha}, n = {n}).</source>
        <translation>评审与人工的一致 κ 为 {judge}；人与人之间的一致 κ 为 {people}（α {alpha}，n = {n}）。</translation>
    </message>
    <message>
        <source>This project already has a random sample: {sample} Drawing again replaces it, and reviews given for it no longer count as the sample&apos;s: say so to replace it (--replace on the command line).</source>
        <translation>此项目已有一个随机样本：{sample}重新抽取会替换它，为它给出的复核将不再算作该样本的复核：如要替换，请明确说明（命令行中用 --replace）。</translation>
    </message>
    <message>
        <source>postprocess returned no verdict; make it return a value for this row.</source>
        <translation>postprocess 没有返回判定结果；请让它为这一行返回一个值。</translation>
    </message>
    <message>
        <source>it exited with code {code} in the middle of the call (os._exit(), or a crash in native code).</source>
        <translation>它在调用中途以代码 {code} 退出（os._exit()，或本机代码崩溃）。</translation>
    </message>
    <message>
        <source>it crashed with {signal} — usually a fault in native code (ctypes, a C extension), not in Python.</source>
        <translation>它因 {signal} 崩溃——通常是本机代码（ctypes、C 扩展）的故障，而不是 Python 的问题。</translation>
    </message>
    <message>
        <source>The script worker sent {what} instead of a result, so it was restarted.</source>
        <translation>脚本工作进程发来了 {what} 而不是结果，因此已重启。</translation>
    </message>
    <message>
        <source>it was killed by the system ({signal}), most likely because it ran out of memory.</source>
        <translation>它被系统终止（{signal}），最可能的原因是内存不足。</translation>
    </message>
    <message>
        <source>it was killed by the system ({signal}), most likely because it ran out of memory (limit {limit} MB).</source>
        <translation>它被系统终止（{signal}），最可能的原因是内存不足（上限 {limit} MB）。</translation>
    </message>
    <message>
        <source>{problem}

The worker&apos;s last output:
{output}</source>
        <translation>{problem}

工作进程最后的输出：
{output}</translation>
    </message>
    <message>
        <source>Loading the {kind} script stopped the worker process: {why}</source>
        <translation>加载 {kind} 脚本时工作进程停止了：{why}</translation>
    </message>
    <message>
        <source>Loading the {kind} script took longer than {limit}, so it was stopped. Is there an endless loop or slow work at the top level of the file (outside the function)?</source>
        <translation>加载 {kind} 脚本超过了 {limit}，因此已被停止。文件顶层（函数之外）是否有死循环或耗时的操作？</translation>
    </message>
    <message>
        <source>The {kind} script needed more memory than the limit allows and was stopped. Process less data at once, or raise the memory limit.

{traceback}</source>
        <translation>{kind} 脚本需要的内存超过了上限，已被停止。请一次处理更少的数据，或调高内存上限。

{traceback}</translation>
    </message>
    <message>
        <source>The script worker process could not be started. {detail}</source>
        <translation>无法启动脚本工作进程。{detail}</translation>
    </message>
    <message>
        <source>it was stopped by {signal}.</source>
        <translation>它被 {signal} 停止了。</translation>
    </message>
    <message>
        <source>The {kind} script stopped its worker process: {why}</source>
        <translation>{kind} 脚本使其工作进程停止了：{why}</translation>
    </message>
    <message>
        <source>The {kind} script called sys.exit({code}). A script should return its result instead of exiting; this row was marked as failed.

{traceback}</source>
        <translation>{kind} 脚本调用了 sys.exit({code})。脚本应当返回结果而不是退出；该行已标记为失败。

{traceback}</translation>
    </message>
    <message>
        <source>The {kind} script ran longer than {limit} and was stopped (an endless loop?). Make it faster or raise the time limit.</source>
        <translation>{kind} 脚本运行超过了 {limit}，已被停止（死循环？）。请让它更快，或调高时间上限。</translation>
    </message>
    <message>
        <source>Agree with the judge on row {row}</source>
        <translation>同意评审对第 {row} 行的判定</translation>
    </message>
    <message>
        <source>Clear the {dimension} score of row {row}</source>
        <translation>清除第 {row} 行的“{dimension}”得分</translation>
    </message>
    <message>
        <source>Clear the review of row {row}</source>
        <translation>清除第 {row} 行的复核</translation>
    </message>
    <message>
        <source>Clear the verdict of row {row}</source>
        <translation>清除第 {row} 行的判定</translation>
    </message>
    <message>
        <source>Decide {verdict} for row {row}</source>
        <translation>将第 {row} 行裁定为 {verdict}</translation>
    </message>
    <message>
        <source>Give row {row} {score} for {dimension}</source>
        <translation>给第 {row} 行的“{dimension}”打 {score} 分</translation>
    </message>
    <message>
        <source>Disagree with the judge on row {row}</source>
        <translation>不同意评审对第 {row} 行的判定</translation>
    </message>
    <message>
        <source>Flag row {row}</source>
        <translation>标记第 {row} 行</translation>
    </message>
    <message>
        <source>Edit the note of row {row}</source>
        <translation>编辑第 {row} 行的备注</translation>
    </message>
    <message>
        <source>Take back the decision on row {row}</source>
        <translation>撤回对第 {row} 行的裁定</translation>
    </message>
    <message>
        <source>Unflag row {row}</source>
        <translation>取消标记第 {row} 行</translation>
    </message>
    <message>
        <source>Unset agreement on the judge on row {row}</source>
        <translation>取消对第 {row} 行评审判定的同意与否</translation>
    </message>
    <message>
        <source>Give row {row} the verdict {verdict}</source>
        <translation>给第 {row} 行判定 {verdict}</translation>
    </message>
    <message>
        <source>The manifest is {manifest}. Run the files on a batch API or with vLLM&apos;s run_batch, then: {command}</source>
        <translation>清单文件是 {manifest}。请在批处理 API 上或用 vLLM 的 run_batch 运行这些文件，然后：{command}</translation>
    </message>
    <message>
        <source>Run `judgedesk run {dir}`: the replies imported are not asked again.</source>
        <translation>运行 `judgedesk run {dir}`：已导入的回复不会再次请求。</translation>
    </message>
    <message>
        <source>Adopted {name}: the other candidates are disabled, not deleted.</source>
        <translation>已采用 {name}：其他候选已停用，未删除。</translation>
    </message>
    <message>
        <source>1 call</source>
        <translation>1 次调用</translation>
    </message>
    <message>
        <source>{count} calls</source>
        <translation>{count} 次调用</translation>
    </message>
    <message>
        <source>, cost about {cost}</source>
        <translation>，费用约 {cost}</translation>
    </message>
    <message>
        <source>, cost at most {cost}</source>
        <translation>，费用至多 {cost}</translation>
    </message>
    <message>
        <source>Estimate: {rows}, {calls} to make ({stored} stored), about {tokens} tokens{cost}{seconds}.</source>
        <translation>估计：{rows}，需 {calls}（{stored} 次已存储），约 {tokens} 个词元{cost}{seconds}。</translation>
    </message>
    <message>
        <source>{count} labelled rows</source>
        <translation>已标注的 {count} 行</translation>
    </message>
    <message>
        <source>1 labelled row</source>
        <translation>已标注的 1 行</translation>
    </message>
    <message>
        <source>Nothing added: {problem}</source>
        <translation>未添加任何候选：{problem}</translation>
    </message>
    <message>
        <source>Added the candidate {name} ({file}). Measure it with `judgedesk calibrate {dir}`; it is never adopted by itself.</source>
        <translation>已添加候选 {name}（{file}）。请用 `judgedesk calibrate {dir}` 衡量它；它不会被自动采用。</translation>
    </message>
    <message>
        <source>{model} read {count} of the rows of the tuning part where {judge} disagrees with people (none of the test part).</source>
        <translation>{model} 读了调优部分中 {judge} 与人不一致的 {count} 行（测试部分的行一行也没读）。</translation>
    </message>
    <message>
        <source>, about {seconds} s</source>
        <translation>，约 {seconds} 秒</translation>
    </message>
    <message>
        <source>Wrote {count} rows to {path}</source>
        <translation>已将 {count} 行写入 {path}</translation>
    </message>
    <message>
        <source>Wrote 1 row to {path}</source>
        <translation>已将 1 行写入 {path}</translation>
    </message>
    <message>
        <source>The {count} rows the judge was least sure of.</source>
        <translation>评审最没有把握的 {count} 行。</translation>
    </message>
    <message>
        <source>The row the judge was least sure of.</source>
        <translation>评审最没有把握的 1 行。</translation>
    </message>
    <message>
        <source>not imported. {why}</source>
        <translation>未导入。{why}</translation>
    </message>
    <message>
        <source>Review these rows in the window (Review › the random sample, blind), or give their verdicts with `judgedesk review import`; `judgedesk report {dir}` then gives each figure corrected by them.</source>
        <translation>请在窗口中复核这些行（复核 › 随机样本，盲评），或用 `judgedesk review import` 导入对它们的判定；之后 `judgedesk report {dir}` 会给出经它们校正的每个数字。</translation>
    </message>
    <message>
        <source>Send each reviewer their file; they open it in JudgeDesk, review, and send it back. Then: {command}</source>
        <translation>把各自的文件发给每位复核人；他们在 JudgeDesk 中打开、复核后发回。然后：{command}</translation>
    </message>
    <message>
        <source>Run `judgedesk report {dir}` for how far people agree, and the judge with them.</source>
        <translation>运行 `judgedesk report {dir}`，查看人与人之间以及评审与人之间的一致程度。</translation>
    </message>
    <message>
        <source>Model files:</source>
        <translation>模型文件：</translation>
    </message>
    <message>
        <source>No model file found in LM Studio&apos;s or Ollama&apos;s folders. Download a .gguf model (e.g. from Hugging Face) to judge with a model file.</source>
        <translation>在 LM Studio 和 Ollama 的文件夹中没有找到模型文件。下载一个 .gguf 模型（例如从 Hugging Face）即可用模型文件评审。</translation>
    </message>
    <message>
        <source>(no model loaded)</source>
        <translation>（未加载模型）</translation>
    </message>
    <message>
        <source>No server answered. Start one (`ollama serve`, LM Studio&apos;s local server, or `llama-server -m &lt;model.gguf&gt;`) and ask again.</source>
        <translation>没有服务器应答。请启动一个（`ollama serve`、LM Studio 的本地服务器或 `llama-server -m &lt;model.gguf&gt;`）后再查。</translation>
    </message>
    <message>
        <source>port {port}</source>
        <translation>端口 {port}</translation>
    </message>
    <message>
        <source>{title} at {url} ({ms} ms)</source>
        <translation>{title}，位于 {url}（{ms} 毫秒）</translation>
    </message>
    <message>
        <source>Servers:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <source>the answer compared with the reference</source>
        <translation>回答与参考答案比较</translation>
    </message>
    <message>
        <source>{what}, multi-turn</source>
        <translation>{what}，多轮</translation>
    </message>
    <message>
        <source>one answer</source>
        <translation>单个回答</translation>
    </message>
    <message>
        <source>two answers compared</source>
        <translation>比较两个回答</translation>
    </message>
    <message>
        <source>Scenes of multidim_json (judgedesk new … --scene ID), dimensions in weight order:</source>
        <translation>multidim_json 的场景（judgedesk new … --scene ID），维度按权重排序：</translation>
    </message>
    <message>
        <source>{what}, single-turn</source>
        <translation>{what}，单轮</translation>
    </message>
    <message>
        <source>one answer, with the reference</source>
        <translation>单个回答，附参考答案</translation>
    </message>
    <message>
        <source>agree</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>κ 95% interval</source>
        <translation>κ 95% 区间</translation>
    </message>
    <message>
        <source>part</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>unread</source>
        <translation>未读出</translation>
    </message>
    <message>
        <source>, cost {cost}</source>
        <translation>，费用 {cost}</translation>
    </message>
    <message>
        <source>Calibration on {count} rows people gave a verdict on: {tuning} for tuning, {test} for the test (share {share}, seed {seed}).</source>
        <translation>在人给出判定的 {count} 行上校准：{tuning} 行用于调优，{test} 行用于测试（比例 {share}，种子 {seed}）。</translation>
    </message>
    <message>
        <source>No candidate can be proposed: none has a κ on the tuning rows.</source>
        <translation>无法推荐候选：没有候选在调优行上有 κ 值。</translation>
    </message>
    <message>
        <source>Judge &apos;{name}&apos; gives {judge} while people gave {people}: its verdicts cannot be compared with theirs. Calibrate judges whose verdicts are of the people&apos;s kind.</source>
        <translation>评审“{name}”给出的是{judge}，而人给出的是{people}：它的判定无法与人的判定比较。请校准判定类型与人相同的评审。</translation>
    </message>
    <message>
        <source>test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>tuning</source>
        <translation>调优</translation>
    </message>
    <message>
        <source>{indent}{problem}</source>
        <translation>{indent}{problem}</translation>
    </message>
    <message>
        <source>Proposed: {name} (best κ on the tuning rows; the test rows say what to expect from it).</source>
        <translation>推荐：{name}（在调优行上 κ 最高；测试行说明可以对它期望什么）。</translation>
    </message>
    <message>
        <source>, {seconds} s</source>
        <translation>，{seconds} 秒</translation>
    </message>
    <message>
        <source>{indent}{calls} calls ({cached} stored), {tokens} tokens{cost}{spent}</source>
        <translation>{indent}{calls} 次调用（{cached} 次已存储），{tokens} 个词元{cost}{spent}</translation>
    </message>
    <message>
        <source>The model&apos;s reply was cut off inside its template (the fenced block is never closed). Give the model more room (max_tokens) or pick a larger model.</source>
        <translation>模型的回复在模板中途被截断（代码块没有闭合）。请给模型更多空间（max_tokens），或换一个更大的模型。</translation>
    </message>
    <message>
        <source>The model&apos;s reply holds no template in a fenced block (```jinja … ```). Ask again, or pick a model that follows instructions better.</source>
        <translation>模型的回复中没有放在代码块（```jinja … ```）里的模板。请再问一次，或换一个更能遵循指令的模型。</translation>
    </message>
    <message>
        <source>The revised template does not compile: {issue}</source>
        <translation>修改后的模板无法编译：{issue}</translation>
    </message>
    <message>
        <source>The revised template no longer says how the judge writes its verdict, so its replies could not be read. Ask again, or edit it by hand.</source>
        <translation>修改后的模板不再说明评审如何写出判定，因此无法读取它的回复。请再问一次，或手动编辑。</translation>
    </message>
    <message>
        <source>The revised template does not render for row {row}: {issue}</source>
        <translation>修改后的模板无法为行 {row} 渲染：{issue}</translation>
    </message>
    <message>
        <source>The revised template asks for another kind of verdict ({after}, not {before}): its verdicts could not be compared with the judge&apos;s. Ask again.</source>
        <translation>修改后的模板要求另一种判定（{after}，而不是 {before}）：它的判定无法与原评审的判定比较。请再问一次。</translation>
    </message>
    <message>
        <source>The model gave the template back unchanged: nothing to add.</source>
        <translation>模型原样返回了模板：没有可添加的内容。</translation>
    </message>
    <message>
        <source>Nothing can read the verdicts the revised template asks for (it no longer says how the verdict is written). Ask again, or edit it by hand.</source>
        <translation>无法读取修改后的模板所要求的判定（它不再说明判定的写法）。请再问一次，或手动编辑。</translation>
    </message>
    <message>
        <source>{reviewer}: {labelled} verdicts read from {lines} lines; {added} added, {changed} changed, {unchanged} already there.{unreadable}{unknown}</source>
        <translation>{reviewer}：从 {lines} 行中读出 {labelled} 个判定；新增 {added}，更改 {changed}，{unchanged} 个已存在。{unreadable}{unknown}</translation>
    </message>
    <message>
        <source> {count} lines name ids the dataset does not have ({ids}): is the file for this dataset?</source>
        <translation>有 {count} 行的 id 在数据集中不存在（{ids}）：这个文件是这个数据集的吗？</translation>
    </message>
    <message>
        <source> {count} could not be read.</source>
        <translation>有 {count} 个无法读取。</translation>
    </message>
    <message>
        <source> {count} could not be read: {reasons}.</source>
        <translation>有 {count} 个无法读取：{reasons}。</translation>
    </message>
    <message>
        <source>{reviewer}: {reviewed} of {rows} reviewed in {file}; {added} added, {changed} changed, {unchanged} already there.</source>
        <translation>{reviewer}：在 {file} 中复核了 {rows}中的 {reviewed} 行；新增 {added}，更改 {changed}，{unchanged} 个已存在。</translation>
    </message>
    <message>
        <source>{people} reviewers, {rows}: {shared} shared by everyone (where people&apos;s agreement is measured), {split} split. Rows each: {own}.</source>
        <translation>{people} 位复核人，{rows}：{shared} 行由所有人共同复核（用于衡量人与人之间的一致程度），{split} 行分给各人。每人的行数：{own}。</translation>
    </message>
    <message>
        <source>1 reviewer, {rows}: {name} {own}.</source>
        <translation>1 位复核人，{rows}：{name} {own}。</translation>
    </message>
    <message>
        <source>{count} judged rows</source>
        <translation>已评审的 {count} 行</translation>
    </message>
    <message>
        <source>1 judged row</source>
        <translation>已评审的 1 行</translation>
    </message>
    <message>
        <source>(no value)</source>
        <translation>（无值）</translation>
    </message>
    <message>
        <source>{value}: {drawn} of {rows}</source>
        <translation>{value}：{rows}中的 {drawn} 行</translation>
    </message>
    <message>
        <source>{drawn} of {rows} drawn at random (seed {seed}).</source>
        <translation>从{rows}中随机抽取了 {drawn} 行（种子 {seed}）。</translation>
    </message>
    <message>
        <source>{drawn} of {rows} drawn at random, stratified by {by} ({values}) (seed {seed}).</source>
        <translation>从{rows}中随机抽取了 {drawn} 行，按 {by} 分层（{values}）（种子 {seed}）。</translation>
    </message>
    <message>
        <source>{count} values</source>
        <translation>{count} 个取值</translation>
    </message>
    <message>
        <source>1 value</source>
        <translation>1 个取值</translation>
    </message>
    <message>
        <source>{requests} in {files} in {folder}{names}; {stored} already stored, of {rows}.</source>
        <translation>{files}共 {requests}，位于 {folder}{names}；{rows}中已存储 {stored}。</translation>
    </message>
    <message>
        <source>{count} requests go to a model file on this computer: a run asks them.</source>
        <translation>{count} 个请求发往这台电脑上的模型文件：由运行来请求。</translation>
    </message>
    <message>
        <source>{count} rows wait</source>
        <translation>{count} 行在等待</translation>
    </message>
    <message>
        <source>{wait} for the answers of the candidate or baseline model: import their results, then export again for the judges&apos; requests.</source>
        <translation>{wait}候选模型或基线模型的回答：请导入其结果，然后再次导出以得到评审模型的请求。</translation>
    </message>
    <message>
        <source>1 row waits</source>
        <translation>1 行在等待</translation>
    </message>
    <message>
        <source>{rows} would fail in a run, for example:</source>
        <translation>{rows}在运行中会失败，例如：</translation>
    </message>
    <message>
        <source>, {count} already stored</source>
        <translation>，{count} 条已存储</translation>
    </message>
    <message>
        <source>Answers of the candidate or baseline model came in: export again for the judges&apos; requests of those rows.</source>
        <translation>已导入候选模型或基线模型的回答：请再次导出，以得到这些行的评审模型请求。</translation>
    </message>
    <message>
        <source>The {count} failed requests are asked again by the next run.</source>
        <translation>失败的 {count} 个请求会在下次运行时重新请求。</translation>
    </message>
    <message>
        <source> The last line is cut off: the file was not written to its end.</source>
        <translation>最后一行被截断：文件没有写完。</translation>
    </message>
    <message>
        <source>, {count} failed</source>
        <translation>，{count} 条失败</translation>
    </message>
    <message>
        <source>  failed: {key}: {why}</source>
        <translation>  失败：{key}：{why}</translation>
    </message>
    <message>
        <source>{name}: {lines} lines: {stored} stored{already}{failed}{unknown}{repeated}{unreadable}.{cut}</source>
        <translation>{name}：{lines} 行：存储了 {stored}{already}{failed}{unknown}{repeated}{unreadable}。{cut}</translation>
    </message>
    <message>
        <source>{name}: not read. {why}</source>
        <translation>{name}：未读取。{why}</translation>
    </message>
    <message>
        <source>, {count} repeated</source>
        <translation>，{count} 条重复</translation>
    </message>
    <message>
        <source>{count} exported requests still wait for their reply.</source>
        <translation>已导出的请求中仍有 {count} 个在等待回复。</translation>
    </message>
    <message>
        <source>, {count} with an unknown id</source>
        <translation>，{count} 条的 id 未知</translation>
    </message>
    <message>
        <source>  unknown id: {key}</source>
        <translation>  未知 id：{key}</translation>
    </message>
    <message>
        <source>, {count} unreadable</source>
        <translation>，{count} 条无法读取</translation>
    </message>
    <message>
        <source>{count} files</source>
        <translation>{count} 个文件</translation>
    </message>
    <message>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <source>{count} replies</source>
        <translation>{count} 条回复</translation>
    </message>
    <message>
        <source>1 reply</source>
        <translation>1 条回复</translation>
    </message>
    <message>
        <source>{count} requests</source>
        <translation>{count} 个请求</translation>
    </message>
    <message>
        <source>1 request</source>
        <translation>1 个请求</translation>
    </message>
</context>
</TS>
