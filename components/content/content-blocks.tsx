// Rich text stored as blocks (paragraphs, headings, lists, tables) rendered as plain elements: no
// stored HTML ever reaches the page.
import type { ContentBlock } from '@/lib/validation/content';
import styles from './content-blocks.module.css';

/** `headingLevel`: the level of the blocks' headings under the page's own heading. */
export function ContentBlocks({ blocks, headingLevel = 2 }: { blocks: ContentBlock[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.prose}>
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`;
        switch (block.type) {
          case 'paragraph':
            return <p key={key}>{block.text}</p>;
          case 'heading':
            return <Heading key={key}>{block.text}</Heading>;
          case 'list':
            return (
              <ul key={key}>
                {block.items.map((item, itemIndex) => (
                  <li key={`${itemIndex}-${item}`}>{item}</li>
                ))}
              </ul>
            );
          case 'table':
            return (
              <div key={key} className={styles.tableWrap} tabIndex={0} role="region" aria-label={block.caption ?? block.head.join(', ')}>
                <table className={styles.table}>
                  {block.caption ? <caption>{block.caption}</caption> : null}
                  <thead>
                    <tr>
                      {block.head.map((cell, cellIndex) => (
                        <th key={`${cellIndex}-${cell}`} scope="col">
                          {cell}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, rowIndex) => (
                      <tr key={rowIndex}>
                        {row.map((cell, cellIndex) => (
                          <td key={`${cellIndex}-${cell}`}>{cell}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
        }
      })}
    </div>
  );
}
