import type { EventHandlers } from '../../realtime/eventHandlers';
import { useMyReportStore } from './myReportStore';
import { forgetDeletedReport, showSavedReport } from '../report/reportViews';

export const reportEvents: EventHandlers<'reports.saved' | 'reports.deleted'> = {
  'reports.saved': (report) => {
    showSavedReport(report);
    useMyReportStore.getState().receive(report);
  },
  'reports.deleted': ({ id }) => {
    forgetDeletedReport(id);
    useMyReportStore.getState().receiveDeleted(id);
  },
};
