import { useTranslation } from 'react-i18next';
import { RecordLoader, type RecordLoaderProps } from '../../../ui/record-loader';

export interface OrderLoaderProps<T> extends Omit<RecordLoaderProps<T>, 'noneChosen' | 'back' | 'frame'> {
  /** The screen's heading while the order loads or cannot be shown; without one, only the panel stands in. */
  pageTitle?: string;
}

/** The record loader of the screens of one order (edit, details, history), leading back to the orders. */
export function OrderLoader<T>({ pageTitle, ...props }: OrderLoaderProps<T>) {
  const { t } = useTranslation();
  return (
    <RecordLoader
      {...props}
      noneChosen={{ title: t('orders.form.noneChosen'), text: t('orders.form.chooseInList') }}
      back={{ href: '/order', label: t('orders.form.backToList') }}
      frame={(placeholder) =>
        pageTitle === undefined ? (
          <div className="panel">{placeholder}</div>
        ) : (
          <div className="page">
            <div className="page-header">
              <h1>{pageTitle}</h1>
            </div>
            <div className="panel">{placeholder}</div>
          </div>
        )
      }
    />
  );
}
