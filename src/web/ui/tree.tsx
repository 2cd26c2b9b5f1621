import type { ReactNode } from 'react';
import {
  Button,
  Tree as AriaTree,
  TreeItem as AriaTreeItem,
  TreeItemContent,
  composeRenderProps,
  type TreeItemProps as AriaTreeItemProps,
  type TreeProps as AriaTreeProps,
} from 'react-aria-components';
import './tree.css';

/** A tree (RAC Tree): arrow keys move between rows, Right opens and Left closes a branch. */
export function Tree<T extends object>({ className, ...props }: AriaTreeProps<T>) {
  return <AriaTree {...props} className={composeRenderProps(className, (given) => ['tree', given].filter(Boolean).join(' '))} />;
}

export interface TreeItemProps extends Omit<AriaTreeItemProps, 'children'> {
  /** What the row shows. */
  content: ReactNode;
  /** The rows below this one. */
  children?: ReactNode;
}

/** One row of a Tree with an expand button (labelled by react-aria in the user's language) when it has rows below. */
export function TreeItem({ content, children, className, ...props }: TreeItemProps) {
  return (
    <AriaTreeItem {...props} className={composeRenderProps(className, (given) => ['tree-item', given].filter(Boolean).join(' '))}>
      <TreeItemContent>
        {({ hasChildItems, isExpanded, level }) => (
          <div className="tree-row" style={{ paddingInlineStart: `calc(${level - 1} * var(--space-3))` }}>
            {hasChildItems ? (
              <Button slot="chevron" className="tree-chevron">
                <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false" data-expanded={isExpanded || undefined}>
                  <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </Button>
            ) : (
              <span className="tree-chevron-space" aria-hidden="true" />
            )}
            {content}
          </div>
        )}
      </TreeItemContent>
      {children}
    </AriaTreeItem>
  );
}
