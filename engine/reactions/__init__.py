"""The ``reactions`` variant: each wound that does not kill the alien draws a reaction card."""
