import { useTranslation } from 'react-i18next';
import type { BomNodeView } from '../../../../domain/materials/materials.schema';
import { describeError } from '../../../lib/error-messages';
import { useFormatNumber } from '../../../lib/locale';
import { Spinner } from '../../../ui/spinner';
import { Tree, TreeItem } from '../../../ui/tree';
import { useMaterialBom } from '../api/materials';
import { materialLabel } from '../material-draft';
import { shownMoney } from './number-input';

/** Every node's key: its path from the root, since a shared sub-assembly appears in several places. */
const keysOf = (node: BomNodeView, path: string): string[] => [path, ...node.components.flatMap((child, index) => keysOf(child, `${path}.${index}`))];

/** The exploded bill of materials of a saved material: quantities multiplied down, net price rolled up. */
export function BomTree({ materialId, hasUnsavedChanges }: { materialId: string; hasUnsavedChanges: boolean }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const bom = useMaterialBom(materialId);

  const row = (node: BomNodeView, path: string, isRoot: boolean) => {
    const label = materialLabel(node);
    const figures = [
      isRoot ? null : t('materials.bom.quantity', { quantity: format(node.quantity) }),
      isRoot ? null : t('materials.bom.totalQuantity', { total: format(node.totalQuantity) }),
      node.components.length > 0
        ? t('materials.bom.rolledUpPrice', { price: format(node.rolledUpNetPrice, shownMoney) })
        : t('materials.bom.netPrice', { price: format(node.netPrice, shownMoney) }),
    ].filter((figure): figure is string => figure !== null);
    return (
      <TreeItem
        key={path}
        id={path}
        textValue={label}
        content={
          <span className="bom-node">
            <span className="bom-name">{label}</span>
            <span className="bom-type">{t(`materials.types.${node.type}`)}</span>
            {figures.map((figure) => (
              <span key={figure} className="bom-figure">
                {figure}
              </span>
            ))}
          </span>
        }
      >
        {node.components.map((child, index) => row(child, `${path}.${index}`, false))}
      </TreeItem>
    );
  };

  const body = () => {
    if (bom.isPending) return <Spinner size="small" aria-label={t('materials.bom.loading')} />;
    if (bom.isError) return <p className="field-error">{t('materials.bom.loadFailed', { reason: describeError(t, bom.error) })}</p>;
    const root = bom.data;
    return (
      <>
        <p className="bom-summary">
          {t('materials.bom.summary', { price: format(root.rolledUpNetPrice, shownMoney) })}
          {root.priceComplete ? null : <span className="bom-incomplete"> {t('materials.bom.incomplete')}</span>}
        </p>
        {hasUnsavedChanges ? <p className="field-description">{t('materials.bom.savedOnly')}</p> : null}
        <Tree aria-label={t('materials.bom.label', { name: root.name })} defaultExpandedKeys={keysOf(root, 'root')}>
          {row(root, 'root', true)}
        </Tree>
      </>
    );
  };

  return (
    <section className="panel material-bom" aria-labelledby="material-bom-title">
      <h2 id="material-bom-title">{t('materials.bom.title')}</h2>
      {body()}
    </section>
  );
}
