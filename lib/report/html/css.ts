// The report's one stylesheet, screen and print. No web fonts, images or other URLs: the page is
// self-contained. Print keeps the colours, expands the evidence and never splits a card.
export const CSS = `
:root{--fail:#cf222e;--fail-bg:#ffebe9;--warn:#9a6700;--warn-bg:#fff8c5;--pass:#1a7f37;--pass-bg:#dafbe1;--info:#0969da;--info-bg:#ddf4ff;--skip:#6e7781;--error:#8250df;--error-bg:#fbefff;--line:#d0d7de;--muted:#57606a}
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:74rem;padding:1rem 1.25rem;color:#1b1f24;overflow-wrap:break-word}
h1{font-size:1.45rem;margin:.25rem 0 .75rem}h2{margin-top:2.2rem;border-bottom:2px solid var(--line);padding-bottom:.2rem}h3{margin:.2rem 0;font-size:1.05rem}
a{color:var(--info)}
code,pre,.s,.lvl{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.banner{border-radius:.6rem;padding:1rem 1.25rem;margin:.5rem 0 1rem;border:2px solid}
.v-conformant{background:var(--pass-bg);border-color:var(--pass)}.v-non-conformant{background:var(--fail-bg);border-color:var(--fail)}.v-incomplete{background:var(--warn-bg);border-color:var(--warn)}
.verdict{font-size:1.6rem;font-weight:700;margin:0}.scope{margin:.2rem 0 .6rem;color:#32383f}
.counts{display:grid;grid-template-columns:repeat(auto-fit,minmax(10.5rem,1fr));gap:.5rem;margin:.5rem 0 0}
.count{background:#fff;border:1px solid var(--line);border-radius:.4rem;padding:.4rem .6rem}
.count b{display:block;font-size:.8rem;color:var(--muted);font-weight:600;text-transform:uppercase;letter-spacing:.03em}
.count span{font-size:1.05rem}.n-fail{color:var(--fail);font-weight:700}.n-warn{color:var(--warn);font-weight:700}.n-ne{color:var(--error);font-weight:700}
table{border-collapse:collapse;width:100%;margin:.4rem 0}td,th{border-bottom:1px solid #eaeef2;padding:.3rem .45rem;text-align:left;vertical-align:top}th{background:#f6f8fa;font-size:.85rem;white-space:nowrap}
td code{overflow-wrap:anywhere}
code.id,.id{white-space:nowrap;overflow-wrap:normal;word-break:normal}
.scroll{overflow-x:auto;max-width:100%}
.idcol{min-width:13rem}
.s{font-weight:700;white-space:nowrap;font-size:.85rem}
.s-pass{color:var(--pass)}.s-fail{color:var(--fail)}.s-warn{color:var(--warn)}.s-info{color:var(--info)}.s-skip,.s-not-run{color:var(--skip)}.s-error{color:var(--error)}
.lvl{font-size:.75rem;border:1px solid var(--line);border-radius:.25rem;padding:0 .25rem;white-space:nowrap}
.card{border:1px solid var(--line);border-radius:.5rem;padding:.7rem 1rem;margin:.9rem 0;background:#fff}
.card-fail{border:2px solid var(--fail);border-left-width:.6rem;background:var(--fail-bg)}
.card-warn{border:2px solid var(--warn);border-left-width:.6rem;background:var(--warn-bg)}
.card-ne{border:2px dashed var(--error);border-left-width:.6rem;background:var(--error-bg)}
.card-info{border-left:.35rem solid var(--info)}
.card h3{display:flex;gap:.5rem;flex-wrap:wrap;align-items:baseline}
.msg{font-weight:600;margin:.3rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.4rem 0}dt{color:var(--muted)}dd{margin:0;min-width:0}
.basis q{font-style:italic}.basis+.basis{margin-top:.15rem}
.xa{display:grid;grid-template-columns:1fr 1fr;gap:.5rem;margin:.4rem 0}.xa div{background:#fff;border:1px solid var(--line);border-radius:.35rem;padding:.35rem .5rem;min-width:0}
.xa b{display:block;font-size:.8rem;color:var(--muted)}
pre{background:#f6f8fa;border:1px solid #eaeef2;border-radius:.3rem;padding:.5rem;white-space:pre-wrap;word-break:break-all;font-size:12.5px;margin:.3rem 0;max-width:100%}
details>summary{cursor:pointer;font-size:.9rem}
.chart{overflow-x:auto;max-width:100%;margin:.5rem 0}
.chart svg{width:100%;min-width:640px;height:auto;max-width:60rem;border:1px solid var(--line);border-radius:.4rem;background:#fff}
.chart figcaption{color:#32383f;font-size:.9rem}
.matrix td:first-child{white-space:nowrap}.uncovered{color:var(--warn);font-weight:600}
.k-unspecified,.k-informative{color:var(--muted)}
.muted{color:var(--muted)}.print-only{display:none}
.card:target,tr:target{outline:3px solid var(--info);outline-offset:2px}
.matrix{table-layout:fixed}.matrix th:nth-child(1){width:11rem}.matrix th:nth-child(2){width:9rem}.matrix th:nth-child(4){width:19rem}
@media (max-width:40rem){body{padding:.6rem;font-size:14px}.xa{grid-template-columns:1fr}dl{grid-template-columns:1fr}dt{font-weight:600}
 .narrow-hide{display:none}.idcol{min-width:0}.matrix{table-layout:auto}.matrix th:nth-child(n){width:auto}
 td,th{overflow-wrap:anywhere}.matrix td:first-child{white-space:normal}.verdict{font-size:1.3rem}.counts{grid-template-columns:1fr 1fr}}
@media print{
 *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 @page{size:A4;margin:12mm}
 body{max-width:none;padding:0;font-size:10.5pt}
 .card,.count,tr,.chart,figure,pre{break-inside:avoid}
 h2,h3{break-after:avoid}
 #matrix{break-before:page}
 .narrow-hide{display:none}.idcol{min-width:0}
 .matrix th:nth-child(1){width:8.5rem}.matrix th:nth-child(4){width:15rem}.matrix code.id,.matrix .id{font-size:.78em}
 .scroll{overflow:visible}.chart svg{min-width:0}
 td,th{padding:.15rem .35rem}
 .others{display:none}.print-only{display:block}
 a{color:inherit;text-decoration:none}
 .noprint{display:none}
}`;
