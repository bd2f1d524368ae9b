// Reads the small Markdown subset the editorial files use (content/pages/*.md) into content blocks:
// "# Title" on the first line, "## Heading", "- list item", and paragraphs separated by blank lines.
import type { ContentBlock } from '@/lib/db/schema';

export function parseMarkdownBlocks(source: string): { title: string; blocks: ContentBlock[] } {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const titleLine = lines.findIndex((line) => line.startsWith('# '));
  if (titleLine === -1) throw new Error('a page must start with "# Title"');
  const title = lines[titleLine].slice(2).trim();
  const blocks: ContentBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    if (list.length) blocks.push({ type: 'list', items: list });
    paragraph = [];
    list = [];
  };
  for (const raw of lines.slice(titleLine + 1)) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push({ type: 'heading', text: line.slice(3).trim() });
    } else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      list.push(line.slice(2).trim());
    } else if (list.length) {
      // A wrapped list item continues the previous one.
      list[list.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return { title, blocks };
}
