import { useTranslation } from 'react-i18next';
import type { MaterialType } from '../../../../domain/materials/materials.schema';
import { Breadcrumb } from '../../../ui/breadcrumb';
import { materialListHref } from '../list-search';

/** Material > Product > Add New Product (or Edit Product): the trail and the heading of the add and edit screens. */
export function MaterialHeader({ title, type }: { title: string; type?: MaterialType }) {
  const { t } = useTranslation();
  const crumbs = [
    { label: t('materials.breadcrumb.material'), href: '/material' },
    ...(type ? [{ label: t(`materials.types.${type}`), href: materialListHref(type) }] : []),
    { label: title },
  ];
  return (
    <div className="material-header">
      <Breadcrumb crumbs={crumbs} />
      <h1>{title}</h1>
    </div>
  );
}
