// Placeholder: the page is written in its own branch.
"use strict";
