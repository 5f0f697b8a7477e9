"""Stage 7, the HTML report: one page or a site over every view, the office's and the
committee's (`data`: what it shows as data, gathered once; `layout`: one file or a site,
its addresses; `view`: what the templates read, page by page, with `explained`, `whatif`
and `charts`; `pages`: rendering and writing; `templates/`).
"""
