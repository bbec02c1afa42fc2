-- Quicksilver bot storage, version 11: the public log is the commands' replay.
-- public_lines held an English sentence for every public event (two thirds of a game's
-- store); the log is now made from the stored commands by replay, the ground truth, and
-- worded for whoever reads it. What no replay shows stays: the crew's take-backs, as who
-- took back which command (the sentence "<@id> takes back `verb`." read apart).
DELETE FROM public_lines WHERE summary = 1;
ALTER TABLE public_lines ADD COLUMN user_id INTEGER;
UPDATE public_lines
   SET user_id = CAST(substr(text, 3, instr(text, '>') - 3) AS INTEGER),
       text = substr(text, instr(text, '`') + 1, length(text) - instr(text, '`') - 2)
 WHERE text LIKE '<@%> takes back `%`.';
ALTER TABLE public_lines DROP COLUMN summary;
ALTER TABLE public_lines RENAME COLUMN text TO verb;
