@_exported import RenderCore
