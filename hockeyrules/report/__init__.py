"""Stage 7, the HTML report: one page or a site over every view, the office's and the
committee's (`data`: what it shows as data; `pages`: the pages; `templates/`).
"""
