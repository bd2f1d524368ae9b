// The small Markdown subset editorial pages are written in (content/pages/*.md, the console's site-page editor):
// "# Title" on the first line, "## Heading", "- list item", and paragraphs separated by blank lines. Read into
// content blocks and written back, so a page stored as blocks opens in the editor as the text it came from.
import type { ContentBlock } from '@/lib/validation/content';

/** The blocks of a body (no title line). */
export function parseMarkdownBody(source: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    if (list.length) blocks.push({ type: 'list', items: list });
    paragraph = [];
    list = [];
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
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
  return blocks;
}

/** A whole page file: its "# Title" line, then the body. */
export function parseMarkdownBlocks(source: string): { title: string; blocks: ContentBlock[] } {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const titleLine = lines.findIndex((line) => line.startsWith('# '));
  if (titleLine === -1) throw new Error('a page must start with "# Title"');
  return { title: lines[titleLine].slice(2).trim(), blocks: parseMarkdownBody(lines.slice(titleLine + 1).join('\n')) };
}

/** A body as the editor shows it; a table (which this subset cannot write) becomes a list of its rows. */
export function blocksToMarkdown(blocks: readonly ContentBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'heading':
          return `## ${block.text}`;
        case 'paragraph':
          return block.text;
        case 'list':
          return block.items.map((item) => `- ${item}`).join('\n');
        case 'table':
          return [block.caption, ...block.rows.map((row) => `- ${row.join(' · ')}`)].filter(Boolean).join('\n\n');
      }
    })
    .join('\n\n');
}
