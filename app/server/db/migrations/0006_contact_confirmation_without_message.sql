-- The default confirmation no longer repeats the visitor's message: the form would otherwise send
-- any text to any address. Only the untouched default loses it; a template staff edited is theirs.
UPDATE "email_templates"
  SET "html_content" = replace("html_content", E'<blockquote>{{message}}</blockquote>\n', ''),
      "text_content" = replace("text_content", E'\n\n{{message}}\n', E'\n')
  WHERE "name" = 'contact_confirmation'
    AND "html_content" LIKE E'%</ul>\n<blockquote>{{message}}</blockquote>\n<p>En cas d''urgence%';
