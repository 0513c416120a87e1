"""Pure rules of L'Âge du Changement: no I/O, no clock, no global randomness.

Every function names the rule ids of ../shared/rules/RULES.md that it implements, and every
consequence it returns carries them.
"""
