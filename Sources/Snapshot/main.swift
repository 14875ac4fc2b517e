import RenderCore
print("snapshot")
