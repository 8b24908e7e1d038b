// Renders a product description in its format (see parseFormattedText) as React elements only:
// no HTML is ever interpreted, so '<script>' in a description shows as those characters.
import Box, { type BoxProps } from '@mui/material/Box';
import { Fragment, useMemo } from 'react';

import { parseFormattedText, type InlineNode } from './parseFormattedText';

export interface FormattedTextProps extends Omit<BoxProps, 'children'> {
  /** The description source. */
  text: string;
}

function Inline({ nodes }: { nodes: InlineNode[] }) {
  return (
    <>
      {nodes.map((node, index) => {
        if (node.kind === 'text') return <Fragment key={index}>{node.text}</Fragment>;
        if (node.kind === 'bold') {
          return (
            <strong key={index}>
              <Inline nodes={node.children} />
            </strong>
          );
        }
        return (
          <em key={index}>
            <Inline nodes={node.children} />
          </em>
        );
      })}
    </>
  );
}

export function FormattedText({ text, sx, ...rest }: FormattedTextProps) {
  const blocks = useMemo(() => parseFormattedText(text), [text]);
  return (
    <Box
      {...rest}
      sx={[
        {
          lineHeight: 1.7,
          overflowWrap: 'anywhere',
          '& > *': { m: 0 },
          '& > * + *': { mt: 1.5 },
          '& > ul': { pl: 3 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                <Inline nodes={line} />
              </Fragment>
            ))}
          </p>
        ) : (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inline nodes={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </Box>
  );
}
